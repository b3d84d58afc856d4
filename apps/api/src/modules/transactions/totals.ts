import type { TransactionFilters } from '@paisable/contracts';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { transactionCategoryMonthTotals, transactionDayTotals } from '../../db/schema';

/*
 * Reads of the pre-aggregated totals (kept exact by the `transactions_totals_*` triggers). Each answers only
 * the filter combinations its table can answer exactly and returns undefined otherwise, so the caller
 * falls back to scanning the transactions.
 */

/** How many live transactions match, when a totals table knows (no search; not category and dates). */
export async function countFromTotals(
  db: Database,
  userId: string,
  { search, isIncome, category, startDate, endDate }: TransactionFilters,
): Promise<number | undefined> {
  if (search) return undefined;
  const hasDates = Boolean(startDate || endDate);
  if (category && hasDates) return undefined;
  if (!hasDates) {
    const t = transactionCategoryMonthTotals;
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${t.count}), 0)` })
      .from(t)
      .where(
        and(
          eq(t.userId, userId),
          isIncome === undefined ? undefined : eq(t.isIncome, isIncome),
          category ? eq(t.category, category) : undefined,
        ),
      );
    return Number(row?.total ?? 0);
  }
  const t = transactionDayTotals;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${t.count}), 0)` })
    .from(t)
    .where(and(...dayConditions(userId, { isIncome, startDate, endDate })));
  return Number(row?.total ?? 0);
}

/**
 * Where the row at `offset` (newest first) is: its day, and how many rows of the same filter lie on later
 * days. The page query then starts at that day and skips only the rest, instead of reading and throwing
 * away `offset` rows. Only without search and category, which the day totals do not know.
 */
export async function locateOffset(
  db: Database,
  userId: string,
  { search, isIncome, category, startDate, endDate }: TransactionFilters,
  offset: number,
): Promise<{ day: string; skip: number } | undefined> {
  if (search || category || offset === 0) return undefined;
  const t = transactionDayTotals;
  const days = db
    .select({
      day: t.occurredOn,
      // Rows on days after this one: the running total, newest day first, without the day itself.
      later: sql<string>`sum(sum(${t.count})) over (order by ${t.occurredOn} desc) - sum(${t.count})`.as(
        'later',
      ),
    })
    .from(t)
    .where(and(...dayConditions(userId, { isIncome, startDate, endDate }), sql`${t.count} > 0`))
    .groupBy(t.occurredOn)
    .as('days');
  const [found] = await db
    .select({ day: days.day, later: days.later })
    .from(days)
    .where(sql`${days.later} <= ${offset}`)
    .orderBy(days.day)
    .limit(1);
  if (!found) return undefined;
  return { day: found.day, skip: offset - Number(found.later) };
}

function dayConditions(
  userId: string,
  { isIncome, startDate, endDate }: Pick<TransactionFilters, 'isIncome' | 'startDate' | 'endDate'>,
): (SQL | undefined)[] {
  const t = transactionDayTotals;
  return [
    eq(t.userId, userId),
    isIncome === undefined ? undefined : eq(t.isIncome, isIncome),
    startDate ? gte(t.occurredOn, startDate) : undefined,
    endDate ? lte(t.occurredOn, endDate) : undefined,
  ];
}
