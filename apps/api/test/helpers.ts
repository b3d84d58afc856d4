import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, inject } from 'vitest';

import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/client';
import { accounts } from '../src/db/schema';
import type { AppDeps } from '../src/deps';
import { createLocalFileStorage } from '../src/lib/file-storage';
import { createSecretBox } from '../src/lib/secret-box';
import { completeSetup, signup } from '../src/modules/auth/service';
import type { Recognizer } from '../src/modules/receipts/ocr';
import { defaultAccountId } from '../src/modules/transactions/ledger';
import { createUntrustedWorkPool } from '../src/sandbox';

export const TEST_PASSWORD = 'Secret#123';

/** Real dependencies on the test database; `now` can be fixed per test file. */
export function createTestDeps(now: () => Date = () => new Date()): AppDeps {
  const database = createDatabase(inject('databaseUrl'), { max: 4 });
  afterAll(() => database.close());
  const filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-files-'));
  afterAll(() => fs.rmSync(filesRoot, { recursive: true, force: true }));
  // The real sandbox processes (started on first use): imports and PDFs are read there, as in production.
  const sandbox = createUntrustedWorkPool();
  afterAll(() => sandbox.stop());
  return {
    db: database.db,
    now,
    // Every test signs up from 127.0.0.1; the per-address limit has its own tests with their own deps.
    limits: { authAttemptsPerIp: 1_000_000 },
    secrets: createSecretBox(randomBytes(32)),
    files: createLocalFileStorage(filesRoot),
    ocr: noOcr,
    sandbox,
  };
}

/** Tests that read receipts pass their own engine (a fake or the real one); the rest never reach OCR. */
const noOcr: Recognizer = {
  recognize: () => Promise.reject(new Error('This test has no OCR engine.')),
  stop: () => Promise.resolve(),
};

export async function createTestApp(deps: AppDeps = createTestDeps()) {
  const app = await buildApp(deps);
  afterAll(() => app.close());
  return { app, deps };
}

/** A client address of its own, so rate-limit counters of different tests never meet. */
export function randomClientIp() {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export function uniqueEmail(label = 'user') {
  return `${label}-${randomUUID()}@paisable.dev`;
}

/** A new user of their own, so tests never see each other's rows. */
export async function seedUser(deps: AppDeps, options: { setupComplete?: boolean } = {}) {
  const email = uniqueEmail();
  const { token, user } = await signup(deps, {
    email,
    password: TEST_PASSWORD,
    client: { ip: randomClientIp() },
  });
  if (options.setupComplete ?? true) {
    await completeSetup(deps, { userId: user.id, defaultCurrency: 'USD' });
  }
  // The account sign-up gave them: rows a test inserts directly go there.
  const accountId = await defaultAccountId(deps.db, user.id);
  return { token, user, email, authorization: `Bearer ${token}`, accountId };
}

/**
 * Deletes an account in a transaction left open until `commit`, as a delete that lands between a write's
 * check of the account and the write: the write still sees the account, and its insert waits on the row.
 */
export async function deleteAccountHeldOpen(deps: AppDeps, accountId: string) {
  let commit!: () => void;
  const committing = new Promise<void>((resolve) => (commit = resolve));
  let deleted!: (pid: number) => void;
  const deletedYet = new Promise<number>((resolve) => (deleted = resolve));
  const done = deps.db.transaction(async (tx) => {
    await tx.delete(accounts).where(eq(accounts.id, accountId));
    const [backend] = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    deleted(backend?.pid ?? 0);
    await committing;
  });
  // A delete that failed rejects here rather than leaving the test waiting.
  const deleter = await Promise.race([deletedYet, done.then(() => 0)]);
  const release = async () => {
    commit();
    await done;
  };
  return {
    /** Resolves once the server's insert into `table` waits for this delete (no other test's lock). */
    async writerWaits(table: string) {
      for (let tries = 0; tries < 100; tries++) {
        const [waiting] = await deps.db.execute(
          sql`select 1 from pg_stat_activity
              where ${deleter} = any(pg_blocking_pids(pid)) and query like ${`%insert into "${table}"%`}`,
        );
        if (waiting) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await release();
      throw new Error('no write waited for the deleted account');
    },
    commit: release,
  };
}
