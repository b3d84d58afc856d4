import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { RECEIPT_MESSAGES } from '@paisable/contracts';

import { createDatabase, migrateDatabase } from '../../src/db/client';
import { receipts } from '../../src/db/schema';
import type { AppDeps } from '../../src/deps';
import { startJobs } from '../../src/jobs';
import type { JobRunner } from '../../src/lib/job-queue';
import {
  getReceipt,
  processReceipt,
  RECEIPT_OCR_QUEUE,
  uploadReceipt,
} from '../../src/modules/receipts/service';
import { RECEIPT_STUCK_AFTER_MS, sweepStuckReceipts } from '../../src/modules/receipts/sweep';
import { createTestDeps, seedUser } from '../helpers';
import { receiptFixture, switchableOcr } from '../receipt-fixtures';

// A database of its own, where no OCR worker runs: each test decides what happens to a receipt's job —
// taken by a worker that is then killed, lost, or left waiting — and runs the sweep itself.
const sharedUrl = new URL(inject('databaseUrl'));
const ownUrl = new URL(sharedUrl);
ownUrl.pathname = `/sweep_${randomBytes(6).toString('hex')}`;
const admin = postgres(sharedUrl.href, { max: 1, onnotice: () => {} });
const own = createDatabase(ownUrl.href, { max: 2 });
const ocr = switchableOcr();
const deps: AppDeps = { ...createTestDeps(), db: own.db, ocr: ocr.engine };
let jobs: JobRunner;
const boss = new PgBoss({ connectionString: ownUrl.href, max: 1, supervise: false, schedule: false });

beforeAll(async () => {
  await admin.unsafe(`create database "${ownUrl.pathname.slice(1)}"`);
  await migrateDatabase(own.db);
  jobs = await startJobs(ownUrl.href, deps, () => {}, { workOnly: [] });
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

const TEXT = ['CORNER CAFE', 'Date: 14/03/2025', 'Flat white 3.20', 'TOTAL 3.20'].join('\n');

async function uploaded() {
  const { user } = await seedUser(deps);
  const receipt = await uploadReceipt(deps, { userId: user.id, bytes: receiptFixture('receipt.png') });
  return { user, receipt };
}

/** As if the receipt had been waiting this long (the sweep compares with the database's times). */
async function age(id: string, ms: number, column: 'created_at' | 'swept_at' = 'created_at') {
  await own.db.execute(
    sql`update ${receipts} set ${sql.identifier(column)} = now() - ${`${ms} milliseconds`}::interval where id = ${id}`,
  );
}

async function liveJobsOf(receiptId: string) {
  const found = await boss.findJobs(RECEIPT_OCR_QUEUE, { data: { receiptId } });
  return found.filter((job) => ['created', 'retry', 'active'].includes(job.state));
}

describe('the stuck-receipt sweep', () => {
  it('gives a receipt whose worker was killed and whose job is gone one more job, which reads it', async () => {
    ocr.reads(TEXT);
    const { user, receipt } = await uploaded();
    // A worker takes the job and is killed; the job is then lost (cleared from the queue by hand).
    const [taken] = await boss.fetch(RECEIPT_OCR_QUEUE);
    expect(taken?.data).toEqual({ receiptId: receipt.id });
    await boss.deleteJob(RECEIPT_OCR_QUEUE, taken?.id ?? '');
    await age(receipt.id, RECEIPT_STUCK_AFTER_MS + 1000);

    expect(await sweepStuckReceipts(deps)).toEqual({ requeued: 1, failed: 0 });

    const [again] = await liveJobsOf(receipt.id);
    expect(again?.state).toBe('created');
    await processReceipt(deps, { receiptId: receipt.id });
    expect(await getReceipt(deps, { userId: user.id, id: receipt.id })).toMatchObject({
      status: 'done',
      reading: { merchant: 'CORNER CAFE', amountCents: 320, date: '2025-03-14' },
    });
  });

  it('marks a receipt failed, with a reason, when it is stuck again after its second chance', async () => {
    const { user, receipt } = await uploaded();
    await boss.deleteJob(RECEIPT_OCR_QUEUE, (await liveJobsOf(receipt.id))[0]?.id ?? '');
    await age(receipt.id, RECEIPT_STUCK_AFTER_MS + 1000);
    expect(await sweepStuckReceipts(deps)).toEqual({ requeued: 1, failed: 0 });
    await boss.deleteJob(RECEIPT_OCR_QUEUE, (await liveJobsOf(receipt.id))[0]?.id ?? '');
    // Not yet: the second chance has its own time.
    expect(await sweepStuckReceipts(deps)).toEqual({ requeued: 0, failed: 0 });
    await age(receipt.id, RECEIPT_STUCK_AFTER_MS + 1000, 'swept_at');

    expect(await sweepStuckReceipts(deps)).toEqual({ requeued: 0, failed: 1 });

    expect(await getReceipt(deps, { userId: user.id, id: receipt.id })).toMatchObject({
      status: 'failed',
      failureReason: RECEIPT_MESSAGES.gaveUp,
    });
    expect(await liveJobsOf(receipt.id)).toEqual([]);
  });

  it('leaves alone receipts whose job is still alive (queued behind others, or being read)', async () => {
    const { receipt: queued } = await uploaded();
    const { receipt: reading } = await uploaded();
    await boss.fetch(RECEIPT_OCR_QUEUE); // one of them is being read right now
    await age(queued.id, 60 * 60_000);
    await age(reading.id, 60 * 60_000);

    expect(await sweepStuckReceipts(deps)).toEqual({ requeued: 0, failed: 0 });

    for (const id of [queued.id, reading.id]) {
      expect(await liveJobsOf(id)).toHaveLength(1);
      const [row] = await own.db.select().from(receipts).where(eq(receipts.id, id));
      expect(row).toMatchObject({ status: 'processing', sweptAt: null });
    }
    // Settle them, so the other tests' sweeps see only their own receipts.
    for (const job of await boss.fetch(RECEIPT_OCR_QUEUE, { batchSize: 10 })) {
      await boss.complete(RECEIPT_OCR_QUEUE, job.id);
    }
    await own.db.update(receipts).set({ status: 'failed' }).where(eq(receipts.status, 'processing'));
  });

  it('leaves alone a receipt without a job that is younger than the limit', async () => {
    const { receipt } = await uploaded();
    await boss.deleteJob(RECEIPT_OCR_QUEUE, (await liveJobsOf(receipt.id))[0]?.id ?? '');

    expect(await sweepStuckReceipts(deps)).toEqual({ requeued: 0, failed: 0 });
    expect(await liveJobsOf(receipt.id)).toEqual([]);
  });
});
