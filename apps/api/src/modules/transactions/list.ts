import type { ListTransactionsInput, Transaction, TransactionFilters } from '@paisable/contracts';
import { and, count, eq, gte, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { transactions } from '../../db/schema';
import { containsPattern } from './search';
import { countFromTotals, locateOffset } from './totals';
import { toTransaction } from './service';

type Owned = { userId: string };

export type TransactionPageResult = { items: Transaction[]; total: number; totalPages: number; page: number };

/**
 * Newest day first, then newest entry, then id: a total order, so rows with the same date keep their
 * place between pages. Spelled exactly like the index (DESC NULLS LAST) so the planner reads it in order.
 */
export const NEWEST_FIRST = [
  sql`${transactions.occurredOn} desc nulls last`,
  sql`${transactions.createdAt} desc nulls last`,
  sql`${transactions.id} desc nulls last`,
];

export async function listTransactions(
  db: Database,
  { userId, page, limit, ...filters }: ListTransactionsInput & Owned,
): Promise<TransactionPageResult> {
  const conditions = matching(userId, filters);
  const offset = (page - 1) * limit;
  const [rows, total] = await Promise.all([
    pageRows(db, userId, filters, conditions, offset, limit),
    countFromTotals(db, userId, filters).then(
      async (known) =>
        known ??
        (
          await db
            .select({ total: count() })
            .from(transactions)
            .where(and(...conditions))
        )[0]?.total ??
        0,
    ),
  ]);
  return { items: rows.map(toTransaction), total, totalPages: Math.ceil(total / limit), page };
}

/** From this many rows in, finding the page's first day costs less than reading past the rows. */
export const DEEP_PAGE_OFFSET = 500;

/**
 * One page, newest first. A deep page starts at the day the daily totals say it begins on, so PostgreSQL
 * skips at most one day's rows rather than every row before the page.
 */
async function pageRows(
  db: Database,
  userId: string,
  filters: TransactionFilters,
  conditions: (SQL | undefined)[],
  offset: number,
  limit: number,
) {
  const start = offset >= DEEP_PAGE_OFFSET ? await locateOffset(db, userId, filters, offset) : undefined;
  return db
    .select()
    .from(transactions)
    .where(and(...conditions, start ? lte(transactions.occurredOn, start.day) : undefined))
    .orderBy(...NEWEST_FIRST)
    .limit(limit)
    .offset(start ? start.skip : offset);
}

/** Every condition starts with the owner: no query can reach another user's rows. */
export function matching(userId: string, filters: TransactionFilters): (SQL | undefined)[] {
  const { search, isIncome, category, startDate, endDate } = filters;
  const pattern = search ? containsPattern(search) : undefined;
  return [
    eq(transactions.userId, userId),
    isNull(transactions.deletedAt),
    pattern ? or(ilike(transactions.name, pattern), ilike(transactions.note, pattern)) : undefined,
    isIncome === undefined ? undefined : eq(transactions.isIncome, isIncome),
    category ? eq(transactions.category, category) : undefined,
    // Calendar days compared as dates: both bounds are inclusive whole days.
    startDate ? gte(transactions.occurredOn, startDate) : undefined,
    endDate ? lte(transactions.occurredOn, endDate) : undefined,
  ];
}
