import { and, eq, isNull, sql } from 'drizzle-orm';

import {
  RECENT_TRANSACTIONS_COUNT,
  subtractCentsTotals,
  type CentsTotal,
  type Summary,
} from '@paisable/contracts';

import { versionedCache } from '../../db/data-version';
import { prepared } from '../../db/prepared';
import { transactionCategoryMonthTotals as byCategory, transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { NEWEST_FIRST } from './list';
import { toTransaction } from './service';

/**
 * Totals over integer cents (never floats) from the per-category monthly totals the write path keeps exact: a few
 * rows per user however long the history. Plus the newest few rows. The sums can pass 2^53 cents, so they stay
 * the decimal text PostgreSQL sends for a `numeric`, never a JS number.
 */
export async function getSummary(
  { db }: Pick<AppDeps, 'db'>,
  { userId }: { userId: string },
): Promise<Summary> {
  return rememberedSummaries(db, { userId, key: 'summary' }, async () => {
    const [[totals], recent] = await Promise.all([
      totalsQuery(db).execute({ userId }),
      recentQuery(db).execute({ userId }),
    ]);
    const totalIncomeCents = totals?.income ?? '0';
    const totalExpensesCents = totals?.expenses ?? '0';
    return Object.freeze({
      totalIncomeCents,
      totalExpensesCents,
      balanceCents: subtractCentsTotals(totalIncomeCents, totalExpensesCents),
      recentTransactions: recent.map(toTransaction),
    });
  });
}

/**
 * The dashboard asks for the summary on every visit and it only changes with the user's transactions:
 * remembered until their next write (db/data-version.ts). A hit costs one primary-key read of the version
 * instead of two statements (the totals sum over the user's ~700 category-month rows, and the newest rows)
 * and turning five rows into objects. Five rows and the totals: a few kB per user at most.
 */
const rememberedSummaries = versionedCache<Readonly<Summary>>({ maxSize: 10_000 });

const totalsQuery = prepared((db) =>
  db
    .select({
      income: sql<CentsTotal>`coalesce(sum(${byCategory.amountCents}) filter (where ${byCategory.isIncome}), 0)`,
      expenses: sql<CentsTotal>`coalesce(sum(${byCategory.amountCents}) filter (where not ${byCategory.isIncome}), 0)`,
    })
    .from(byCategory)
    .where(eq(byCategory.userId, sql.placeholder('userId')))
    .prepare('summary_totals'),
);

const recentQuery = prepared((db) =>
  db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, sql.placeholder('userId')), isNull(transactions.deletedAt)))
    .orderBy(...NEWEST_FIRST)
    .limit(RECENT_TRANSACTIONS_COUNT)
    .prepare('summary_recent'),
);
