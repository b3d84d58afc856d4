import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';

import { todayInTimeZone, type Transaction } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { toTransaction } from './service';
import { splitLinesOf } from './splits';

/** How many scheduled rows the dashboard lists; the transactions page shows them all. */
export const UPCOMING_COUNT = 10;

/**
 * What is coming up: the rows dated after today where the user is (scheduled: counted in no balance or
 * total until their day), soonest first. Few, found by the list's index on the date.
 */
export async function listUpcoming(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone }: { userId: string; timeZone: string },
): Promise<Transaction[]> {
  const today = todayInTimeZone(timeZone, now());
  const rows = await scheduledRows(db, { userId, after: today, limit: UPCOMING_COUNT });
  const lines = await splitLinesOf(
    db,
    rows.filter((row) => row.isSplit).map((row) => row.id),
  );
  return rows.map((row) => toTransaction(row, lines.get(row.id)));
}

/**
 * The user's live rows dated after `after` (today: scheduled), up to `through` when given, in the list's
 * order (soonest day, then the entry order): the dashboard's list and the upcoming forecast
 * (recurring/upcoming.ts) read them here.
 */
export function scheduledRows(
  db: Queryable,
  { userId, after, through, limit }: { userId: string; after: string; through?: string; limit?: number },
) {
  const query = db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        isNull(transactions.deletedAt),
        gt(transactions.occurredOn, after),
        through === undefined ? undefined : lte(transactions.occurredOn, through),
      ),
    )
    .orderBy(asc(transactions.occurredOn), asc(transactions.createdAt), asc(transactions.id));
  return limit === undefined ? query : query.limit(limit);
}
