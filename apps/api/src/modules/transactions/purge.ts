import { inArray, lt } from 'drizzle-orm';

import { transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';

export const PURGE_AFTER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Hard-deletes transactions soft-deleted more than 30 days before `now`. Idempotent (a second run finds
 * nothing left to delete) and done in bounded batches, so a large backlog never holds one long lock.
 */
export async function purgeDeletedTransactions(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { batchSize = 5000 }: { batchSize?: number } = {},
): Promise<{ purgedCount: number }> {
  const cutoff = new Date(now().getTime() - PURGE_AFTER_DAYS * DAY_MS);
  let purgedCount = 0;
  for (;;) {
    const batch = db
      .select({ id: transactions.id })
      .from(transactions)
      .where(lt(transactions.deletedAt, cutoff))
      .limit(batchSize);
    const deleted = await db
      .delete(transactions)
      .where(inArray(transactions.id, batch))
      .returning({ id: transactions.id });
    purgedCount += deleted.length;
    if (deleted.length < batchSize) return { purgedCount };
  }
}
