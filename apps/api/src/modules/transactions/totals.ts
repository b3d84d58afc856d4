import type { TransactionFilters } from '@paisable/contracts';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';

import { preparedPerShape } from '../../db/prepared';
import type { Database } from '../../db/client';
import { transactionCategoryMonthTotals, transactionDayTotals } from '../../db/schema';

/*
 * Reads of the pre-aggregated totals (kept exact by the `transactions_totals_*` triggers). Each answers only
 * the filter combinations its table can answer exactly and returns undefined otherwise, so the caller
 * falls back to scanning the transactions. Each is prepared once per filter combination (db/prepared.ts).
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
  const values = { userId, isIncome, category: category || undefined, startDate, endDate };
  const [row] = hasDates
    ? await countByDay(db, shapeOf(values)).execute(values)
    : await countByCategoryMonth(db, shapeOf(values)).execute(values);
  return Number(row?.total ?? 0);
}

const countByCategoryMonth = preparedPerShape((db, shape: string) => {
  const t = transactionCategoryMonthTotals;
  return db
    .select({ total: sql<string>`coalesce(sum(${t.count}), 0)` })
    .from(t)
    .where(
      and(
        eq(t.userId, sql.placeholder('userId')),
        has(shape, 'isIncome') ? eq(t.isIncome, sql.placeholder('isIncome')) : undefined,
        has(shape, 'category') ? eq(t.category, sql.placeholder('category')) : undefined,
      ),
    )
    .prepare(`count_by_category_month_${shape}`);
});

const countByDay = preparedPerShape((db, shape: string) => {
  const t = transactionDayTotals;
  return db
    .select({ total: sql<string>`coalesce(sum(${t.count}), 0)` })
    .from(t)
    .where(and(...dayConditions(shape)))
    .prepare(`count_by_day_${shape}`);
});

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
  const values = { userId, isIncome, startDate, endDate };
  const [found] = await locateQuery(db, shapeOf(values)).execute({ ...values, offset });
  if (!found) return undefined;
  return { day: found.day, skip: offset - Number(found.later) };
}

const locateQuery = preparedPerShape((db, shape: string) => {
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
    .where(and(...dayConditions(shape), sql`${t.count} > 0`))
    .groupBy(t.occurredOn)
    .as('days');
  return db
    .select({ day: days.day, later: days.later })
    .from(days)
    .where(sql`${days.later} <= ${sql.placeholder('offset')}`)
    .orderBy(days.day)
    .limit(1)
    .prepare(`locate_offset_${shape}`);
});

/** Which of the values are given, e.g. `isIncome,startDate`: one prepared query per combination. */
function shapeOf(values: Record<string, unknown>): string {
  return Object.keys(values)
    .filter((key) => key !== 'userId' && values[key] !== undefined && values[key] !== '')
    .join(',');
}

function dayConditions(shape: string): (SQL | undefined)[] {
  const t = transactionDayTotals;
  return [
    eq(t.userId, sql.placeholder('userId')),
    has(shape, 'isIncome') ? eq(t.isIncome, sql.placeholder('isIncome')) : undefined,
    has(shape, 'startDate') ? gte(t.occurredOn, sql.placeholder('startDate')) : undefined,
    has(shape, 'endDate') ? lte(t.occurredOn, sql.placeholder('endDate')) : undefined,
  ];
}

function has(shape: string, key: string): boolean {
  return shape.split(',').includes(key);
}
