import { sql } from 'drizzle-orm';

import { RECEIPT_MESSAGES } from '@paisable/contracts';

import { receipts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { RECEIPT_OCR_QUEUE } from './service';

/**
 * A receipt that has said "processing" this long with no live job behind it is stuck: its job was lost
 * (a worker killed past its retries, a queue cleared by hand) or never queued. Receipts queued behind
 * others are not stuck: their job is alive and waiting.
 */
export const RECEIPT_STUCK_AFTER_MS = 2 * 60_000;
const SWEEP_BATCH = 100;

/**
 * Gives every stuck receipt one more job; one that is stuck again after that is marked failed with a
 * reason the user can act on, so no receipt says "processing" for ever. Safe to run twice or in several
 * processes at once: rows are claimed with SKIP LOCKED and the re-queue commits with its mark.
 */
export async function sweepStuckReceipts(
  { db, now, jobs }: Pick<AppDeps, 'db' | 'now' | 'jobs'>,
  { stuckAfterMs = RECEIPT_STUCK_AFTER_MS }: { stuckAfterMs?: number } = {},
): Promise<{ requeued: number; failed: number }> {
  if (!jobs) return { requeued: 0, failed: 0 };
  const cutoff = new Date(now().getTime() - stuckAfterMs);
  return db.transaction(async (tx) => {
    const stuck = await tx.execute<{ id: string; swept: boolean }>(sql`
      select r.id, r.swept_at is not null as swept from ${receipts} r
      where r.status = 'processing' and coalesce(r.swept_at, r.created_at) < ${cutoff.toISOString()}::timestamptz
        and not exists (
          select 1 from pgboss.job j
          where j.name = ${RECEIPT_OCR_QUEUE} and j.data ->> 'receiptId' = r.id::text and j.state < 'completed'
        )
      order by r.created_at limit ${SWEEP_BATCH}
      for update of r skip locked`);
    let requeued = 0;
    let failed = 0;
    for (const { id, swept } of stuck) {
      if (swept) {
        await tx.execute(sql`
          update ${receipts} set status = 'failed', failure_reason = ${RECEIPT_MESSAGES.gaveUp}
          where id = ${id} and status = 'processing'`);
        failed += 1;
      } else {
        await tx.execute(
          sql`update ${receipts} set swept_at = ${now().toISOString()}::timestamptz where id = ${id}`,
        );
        await jobs.send(RECEIPT_OCR_QUEUE, { receiptId: id }, tx);
        requeued += 1;
      }
    }
    return { requeued, failed };
  });
}
