import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { RECEIPT_MESSAGES } from '@paisable/contracts';

import { createDatabase, migrateDatabase } from '../../src/db/client';
import { receipts } from '../../src/db/schema';
import type { AppDeps } from '../../src/deps';
import { startJobs } from '../../src/jobs';
import type { JobRunner } from '../../src/lib/job-queue';
import { receiptOcrGaveUpJob } from '../../src/modules/receipts/job';
import { getReceipt, RECEIPT_OCR_QUEUE, uploadReceipt } from '../../src/modules/receipts/service';
import { createTestDeps, seedUser } from '../helpers';
import { receiptFixture } from '../receipt-fixtures';

// A database of its own: the receipt tests in other files work the OCR queue, and would take this job.
// The OCR queue is not worked here: each attempt is taken and then "dies" through pg-boss itself, as its
// supervisor fails a job whose worker stopped sending heartbeats. Only the dead-letter worker runs.
const sharedUrl = new URL(inject('databaseUrl'));
const ownUrl = new URL(sharedUrl);
ownUrl.pathname = `/gave_up_${randomBytes(6).toString('hex')}`;
const admin = postgres(sharedUrl.href, { max: 1, onnotice: () => {} });
const own = createDatabase(ownUrl.href, { max: 2 });
const deps: AppDeps = { ...createTestDeps(), db: own.db };
let jobs: JobRunner;
const boss = new PgBoss({ connectionString: ownUrl.href, max: 1, supervise: false, schedule: false });

beforeAll(async () => {
  await admin.unsafe(`create database "${ownUrl.pathname.slice(1)}"`);
  await migrateDatabase(own.db);
  jobs = await startJobs(ownUrl.href, deps, () => {}, { workOnly: [receiptOcrGaveUpJob.name] });
  deps.jobs = jobs;
  await boss.start();
});

afterAll(async () => {
  await boss.stop({ graceful: false });
  await jobs.stop();
  await own.close();
  await admin.unsafe(`drop database "${ownUrl.pathname.slice(1)}" with (force)`);
  await admin.end();
});

/** One attempt: taken by a worker, which then dies. */
async function attemptDies() {
  const [taken] = await boss.fetch(RECEIPT_OCR_QUEUE);
  if (!taken) throw new Error('No attempt of the receipt job was waiting');
  await boss.fail(RECEIPT_OCR_QUEUE, taken.id, { message: 'the worker died' });
}

async function jobOf(receiptId: string) {
  const [found, ...others] = await boss.findJobs(RECEIPT_OCR_QUEUE, { data: { receiptId } });
  if (!found || others.length > 0) throw new Error('Expected exactly one job for the receipt');
  return found;
}

describe('a receipt whose every reading attempt dies', () => {
  it('is marked failed with a reason, instead of processing for ever', async () => {
    const { user } = await seedUser(deps);
    const receipt = await uploadReceipt(deps, { userId: user.id, bytes: receiptFixture('receipt.jpg') });
    expect(receipt.status).toBe('processing');
    expect((await jobOf(receipt.id)).state).toBe('created');

    // The first attempt's death leaves a retry: the receipt keeps waiting for it.
    await attemptDies();
    expect((await jobOf(receipt.id)).state).toBe('retry');
    expect((await getReceipt(deps, { userId: user.id, id: receipt.id })).status).toBe('processing');

    // The retry dies too: pg-boss moves the job to the dead-letter queue, whose worker settles the receipt.
    await attemptDies();
    expect((await jobOf(receipt.id)).state).toBe('failed');
    for (let waited = 0; waited < 20_000; waited += 100) {
      const [row] = await deps.db.select().from(receipts).where(eq(receipts.id, receipt.id));
      if (row?.status !== 'processing') break;
      await sleep(100);
    }
    expect(await getReceipt(deps, { userId: user.id, id: receipt.id })).toMatchObject({
      status: 'failed',
      failureReason: RECEIPT_MESSAGES.gaveUp,
      transactionId: null,
    });
  });
});
