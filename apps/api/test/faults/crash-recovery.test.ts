import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { todayInTimeZone } from '@paisable/contracts';

import { createDatabase, migrateDatabase } from '../../src/db/client';
import { startEmbeddedPostgres } from '../../src/db/embedded';
import { receipts, recurringRules, transactions } from '../../src/db/schema';
import type { AppDeps } from '../../src/deps';
import { completeSetup } from '../../src/modules/auth/service';
import { RECEIPT_OCR_QUEUE } from '../../src/modules/receipts/service';
import { OCCURRENCES_PER_RUN } from '../../src/modules/recurring/generate';
import { generateRecurringJob } from '../../src/modules/recurring/job';
import { addDays } from '../../src/modules/recurring/schedule';
import { createRecurring } from '../../src/modules/recurring/service';
import { createTestDeps, seedUser, TEST_PASSWORD } from '../helpers';
import { multipartBody, receiptFixture } from '../receipt-fixtures';
import { killRunningServers, startServer, stopServer } from './server-process';

// The database lives outside the server process (DATABASE_URL, as with a managed PostgreSQL), so the
// locks this test holds on it to stop the server's jobs at the worst moment outlast a kill -9.
const databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-crash-db-'));
const postgresServer = await startEmbeddedPostgres(databaseDir);
const database = createDatabase(postgresServer.url, { max: 6 });
await migrateDatabase(database.db);
const deps: AppDeps = { ...createTestDeps(), db: database.db };
const serverDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-crash-'));
const serverEnv = { DATABASE_URL: postgresServer.url, LOG_LEVEL: 'warn' };

afterAll(async () => {
  killRunningServers();
  await database.close();
  await postgresServer.stop();
  for (const dir of [databaseDir, serverDataDir]) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `statement` in a transaction of its own, kept open (with the locks it took) until released. */
async function holdLock(statement: SQL) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken = () => {};
  const isTaken = new Promise<void>((resolve) => (taken = resolve));
  const transaction = database.db.transaction(async (tx) => {
    await tx.execute(statement);
    taken();
    await released;
  });
  await Promise.race([isTaken, transaction]);
  return async () => {
    release();
    await transaction;
  };
}

/** Polls `check` until it returns something, for at most `timeoutMs`. */
async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(100);
  }
}

/** A statement of the server's that waits for a lock this test holds on `table`. */
async function blockedOn(table: string) {
  const rows = await database.db.execute<{ query: string }>(sql`
    select query from pg_stat_activity
    where wait_event_type = 'Lock' and query like ${`%"${table}"%`}`);
  return rows[0]?.query;
}

/** The pg-boss jobs of a queue (optionally only those about one receipt): id and state. */
async function jobsOf(queue: string, receiptId?: string) {
  const rows = await database.db.execute<{ id: string; state: string }>(sql`
    select id, state from pgboss.job
    where name = ${queue} and (${receiptId ?? null}::text is null or data->>'receiptId' = ${receiptId ?? null})`);
  return [...rows];
}

const isLive = (job: { state: string }) => ['created', 'retry', 'active'].includes(job.state);

describe('kill -9 with a receipt being read and recurring occurrences being caught up', () => {
  it('finishes both exactly once after the restart', { timeout: 300_000 }, async () => {
    const { user, email } = await seedUser(deps);
    // A Malaysian receipt (day-first dates, ringgit), read for a user who keeps ringgit.
    await completeSetup(deps, { userId: user.id, defaultCurrency: 'MYR' });
    // A daily gym fee saved long ago, the day before it started, while the server then stayed off: the
    // generator job (run at every start) records its whole backlog, in steps of OCCURRENCES_PER_RUN.
    const startDate = addDays(todayInTimeZone('UTC', new Date()), -(OCCURRENCES_PER_RUN + 40));
    const savedAt = new Date(`${addDays(startDate, -1)}T12:00:00Z`);
    await createRecurring(
      { ...deps, now: () => savedAt },
      {
        userId: user.id,
        timeZone: 'UTC',
        name: 'Gym',
        category: 'Health',
        amount: '15',
        isIncome: false,
        frequency: 'daily',
        startDate,
        endDate: null,
        catchUp: true,
      },
    );
    const countOf = async (where: SQL | undefined) =>
      (await deps.db.select({ n: count() }).from(transactions).where(where))[0]?.n;
    const ofUser = eq(transactions.userId, user.id);
    expect(await countOf(ofUser)).toBe(0);

    // The generator claims the dates and writes their transactions, then waits here to move the rule on:
    // killed there, it has done everything but commit.
    const releaseRules = await holdLock(sql`lock table ${recurringRules} in share mode`);
    const first = await startServer(serverDataDir, serverEnv);
    await waitFor('the generator to wait on the rules', 60_000, () => blockedOn('recurring_rules'));

    const login = await fetch(`${first.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const authorization = `Bearer ${token}`;
    const scan = receiptFixture('receipt.jpg');
    const body = multipartBody(scan);
    // The legacy upload waits for the result: the kill cuts this request.
    const upload = fetch(`${first.base}/api/receipts/upload`, {
      method: 'POST',
      headers: { ...body.headers, authorization },
      body: body.payload,
    }).then(
      () => 'answered',
      () => 'cut',
    );
    const receiptId = await waitFor('the stored receipt', 30_000, async () => {
      const [row] = await deps.db.select().from(receipts).where(eq(receipts.userId, user.id));
      return row?.id;
    });
    // OCR takes seconds; once it has read the scan, the job waits here to record the expense.
    const releaseReceipt = await holdLock(
      sql`select 1 from ${receipts} where ${receipts.id} = ${receiptId} for update`,
    );
    await waitFor('the receipt job to wait on the receipt', 120_000, () => blockedOn('receipts'));

    const trpc = async (base: string, procedure: string, input: object) => {
      const url = `${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;
      const response = await fetch(url, { headers: { authorization } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { result: { data: Record<string, unknown> } }).result.data;
    };
    expect(await trpc(first.base, 'receipts.get', { id: receiptId })).toMatchObject({
      status: 'processing',
    });
    const [receiptJob] = await jobsOf(RECEIPT_OCR_QUEUE, receiptId);
    expect(receiptJob?.state).toBe('active');
    const orphanedGenerator = (await jobsOf(generateRecurringJob.name)).find((job) => job.state === 'active');
    expect(orphanedGenerator).toBeDefined();

    await stopServer(first.child, 'SIGKILL');
    await releaseReceipt();
    await releaseRules();
    expect(await upload).toBe('cut');
    // Nothing the killed jobs wrote was committed.
    expect(await countOf(ofUser)).toBe(0);

    const second = await startServer(serverDataDir, serverEnv);
    const restartedAt = Date.now();
    // The dead process's job is noticed by its silent heartbeat and retried: promptly, long before the
    // job's expiry (120 s after it started) would have freed it.
    const read = await waitFor('the receipt to be read again', 60_000, async () => {
      const receipt = await trpc(second.base, 'receipts.get', { id: receiptId });
      return receipt.status === 'processing' ? undefined : receipt;
    });
    // Every job is settled, the two the crash left behind included: nothing more will run.
    await waitFor('every job to settle', 60_000, async () => {
      const jobs = [...(await jobsOf(RECEIPT_OCR_QUEUE)), ...(await jobsOf(generateRecurringJob.name))];
      return jobs.some(isLive) ? undefined : jobs;
    });
    // One job for the receipt, the one that died, completed on its retry.
    expect(await jobsOf(RECEIPT_OCR_QUEUE, receiptId)).toEqual([{ id: receiptJob?.id, state: 'completed' }]);
    expect(await jobsOf(generateRecurringJob.name)).toContainEqual({
      id: orphanedGenerator?.id,
      state: 'completed',
    });

    // The receipt: read once, one expense with its amount, the file still there.
    expect(read).toMatchObject({
      status: 'done',
      reading: expect.objectContaining({ amountCents: 3_390, date: '2019-01-12' }),
      transactionId: expect.any(String),
    });
    const sameDay = await fetch(`${second.base}/api/transactions?startDate=2019-01-12&endDate=2019-01-12`, {
      headers: { authorization },
    });
    const { transactions: expenses } = (await sameDay.json()) as {
      transactions: { _id: string; cost: number }[];
    };
    expect(expenses).toEqual([expect.objectContaining({ _id: read.transactionId, cost: 33.9 })]);
    expect(await countOf(and(ofUser, eq(transactions.note, 'Created from an uploaded receipt.')))).toBe(1);
    expect(
      await trpc(second.base, 'receipts.forTransaction', { transactionId: read.transactionId }),
    ).toMatchObject({ id: receiptId });
    const file = await fetch(`${second.base}${String(read.fileUrl)}`, { headers: { authorization } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(scan)).toBe(true);

    // The rule: every date from its start up to its next due date recorded, each exactly once.
    const rules = await fetch(`${second.base}/api/recurring`, { headers: { authorization } });
    const [rule] = (await rules.json()) as { nextDueDate: string }[];
    const nextDue = rule?.nextDueDate.slice(0, 10) ?? '';
    expect(nextDue > todayInTimeZone('UTC', new Date(restartedAt))).toBe(true);
    const perDate = await deps.db
      .select({ date: transactions.occurredOn, n: count() })
      .from(transactions)
      .where(and(ofUser, eq(transactions.name, 'Gym')))
      .groupBy(transactions.occurredOn)
      .orderBy(transactions.occurredOn);
    const expected: { date: string; n: number }[] = [];
    for (let date = startDate; date < nextDue; date = addDays(date, 1)) expected.push({ date, n: 1 });
    expect(perDate).toEqual(expected);
    expect(await countOf(ofUser)).toBe(expected.length + 1);

    expect(await stopServer(second.child, 'SIGTERM')).toBe(0);
  });
});
