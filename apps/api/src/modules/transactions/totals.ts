import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';

import type { TransactionFilters } from '@paisable/contracts';

import type { Database } from '../../db/client';
import { dataVersionOfUser } from '../../db/data-version';
import { preparedPerShape, shapeHas, shapeOf } from '../../db/prepared';
import { transactionCategoryMonthTotals, transactionDayTotals } from '../../db/schema';

/*
 * Reads of the pre-aggregated totals (kept exact by the `transactions_totals_*` triggers). Each answers only
 * the filter combinations its table can answer exactly and returns undefined otherwise, so the caller
 * falls back to scanning the transactions. Each is prepared once per filter combination (db/prepared.ts).
 */

/**
 * The filters the totals tables are keyed by. A filter they do not know (search, or one added later) makes
 * every function here answer undefined, so the caller scans: a new filter is never silently ignored.
 */
const TOTALS_KEYS: ReadonlySet<string> = new Set(['isIncome', 'category', 'startDate', 'endDate']);

function onlyTotalsKeys(filters: TransactionFilters): boolean {
  return Object.entries(filters).every(
    ([key, value]) => value === undefined || value === '' || TOTALS_KEYS.has(key),
  );
}

/** Whether a totals table can count these filters exactly: no search (or unknown filter); not category and dates. */
export function totalsCanCount(filters: TransactionFilters): boolean {
  return onlyTotalsKeys(filters) && !(filters.category && (filters.startDate || filters.endDate));
}

/** How many live transactions match, when a totals table knows (`totalsCanCount`). */
export async function countFromTotals(
  db: Database,
  userId: string,
  filters: TransactionFilters,
): Promise<number | undefined> {
  if (!totalsCanCount(filters)) return undefined;
  const { isIncome, category, startDate, endDate } = filters;
  const values = { userId, isIncome, category: category || undefined, startDate, endDate };
  const [row] = await countQuery(db, shapeOf(values)).execute(values);
  return Number(row?.total ?? 0);
}

const countQuery = preparedPerShape((db, shape: string) =>
  db
    .select({ total: totalsCount(shape) })
    .from(sql`(values (1)) as one`)
    .prepare(`count_from_totals_${shape}`),
);

/**
 * The count of `countFromTotals` as an expression (a scalar subquery) over the placeholders `userId`,
 * `isIncome`, `category`, `startDate`, `endDate` of `shape`: a page query selects it beside its rows, so
 * page and count take one round trip. Only for filters `totalsCanCount` accepts.
 */
export function totalsCount(shape: string): SQL<string> {
  if (shapeHas(shape, 'startDate') || shapeHas(shape, 'endDate')) {
    const t = transactionDayTotals;
    return sql<string>`(select coalesce(sum(${t.count}), 0) from ${t} where ${and(...dayConditions(shape))})`;
  }
  const t = transactionCategoryMonthTotals;
  const conditions = and(
    eq(t.userId, sql.placeholder('userId')),
    shapeHas(shape, 'isIncome') ? eq(t.isIncome, sql.placeholder('isIncome')) : undefined,
    shapeHas(shape, 'category') ? eq(t.category, sql.placeholder('category')) : undefined,
  );
  return sql<string>`(select coalesce(sum(${t.count}), 0) from ${t} where ${conditions})`;
}

/**
 * Where the row at `offset` (newest first) is: its day, and how many rows of the same filter lie on later
 * days, with the user's data version read by the same statement (what the answer is valid for). The page query then starts at that day and skips only the rest, instead of reading and throwing
 * away `offset` rows. Only without search and category, which the day totals do not know.
 */
export async function locateOffset(
  db: Database,
  userId: string,
  filters: TransactionFilters,
  offset: number,
): Promise<{ day: string; skip: number; version: number | null } | undefined> {
  if (!onlyTotalsKeys(filters) || filters.category || offset === 0) return undefined;
  const { isIncome, startDate, endDate } = filters;
  const values = { userId, isIncome, startDate, endDate };
  const [found] = await locateQuery(db, shapeOf(values)).execute({ ...values, offset });
  if (!found) return undefined;
  return { day: found.day, skip: offset - Number(found.later), version: found.version };
}

const locateQuery = preparedPerShape((db, shape: string) => {
  const located =
    shapeHas(shape, 'startDate') || shapeHas(shape, 'endDate')
      ? locateByDay(shape)
      : locateByMonthThenDay(shape);
  return db
    .select({ day: sql<string>`day`, later: sql<string>`later`, version: dataVersionOfUser })
    .from(sql`(${located}) as located`)
    .prepare(`locate_offset_${shape}`);
});

const offsetValue = sql.placeholder('offset');

/** The newest-first running total over the days in range (bounded by the filter's dates). */
function locateByDay(shape: string): SQL {
  const t = transactionDayTotals;
  return sql`
    select day::text as day, later from (
      select ${t.occurredOn} as day, sum(sum(${t.count})) over (order by ${t.occurredOn} desc) - sum(${t.count}) as later
      from ${t} where ${and(...dayConditions(shape))}
      group by ${t.occurredOn} having sum(${t.count}) > 0
    ) as days
    where later <= ${offsetValue} order by day limit 1`;
}

/**
 * Without dates the range is the whole history (a thousand days a user in three years): the month totals
 * find the month first (36 rows), then the running total continues over that month's days only.
 */
function locateByMonthThenDay(shape: string): SQL {
  const m = transactionCategoryMonthTotals;
  const d = transactionDayTotals;
  const kind = (isIncome: SQL) =>
    shapeHas(shape, 'isIncome') ? sql`and ${isIncome} = ${sql.placeholder('isIncome')}` : sql``;
  const userId = sql.placeholder('userId');
  return sql`
    with months as (
      select ${m.month} as month, sum(sum(${m.count})) over (order by ${m.month} desc) - sum(${m.count}) as later
      from ${m} where ${m.userId} = ${userId} ${kind(sql`${m.isIncome}`)}
      group by ${m.month} having sum(${m.count}) > 0
    ), start_month as (
      select month, later from months where later <= ${offsetValue} order by month limit 1
    ), days as (
      select ${d.occurredOn} as day,
        start_month.later + sum(sum(${d.count})) over (order by ${d.occurredOn} desc) - sum(${d.count}) as later
      from ${d}, start_month
      where ${d.userId} = ${userId} ${kind(sql`${d.isIncome}`)}
        and ${d.occurredOn} >= start_month.month and ${d.occurredOn} < start_month.month + interval '1 month'
      group by ${d.occurredOn}, start_month.later having sum(${d.count}) > 0
    )
    select day::text as day, later from days where later <= ${offsetValue} order by day limit 1`;
}

function dayConditions(shape: string): (SQL | undefined)[] {
  const t = transactionDayTotals;
  return [
    eq(t.userId, sql.placeholder('userId')),
    shapeHas(shape, 'isIncome') ? eq(t.isIncome, sql.placeholder('isIncome')) : undefined,
    shapeHas(shape, 'startDate') ? gte(t.occurredOn, sql.placeholder('startDate')) : undefined,
    shapeHas(shape, 'endDate') ? lte(t.occurredOn, sql.placeholder('endDate')) : undefined,
  ];
}
