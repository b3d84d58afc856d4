import { and, asc, between, desc, eq, sql } from 'drizzle-orm';

import { monthStartOf, type CentsTotal, type Period } from '@paisable/contracts';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  transactionCategoryMonthTotals,
  transactionCategoryRows,
  transactionDayTotals,
} from '../../db/schema';
import { addDays } from './chart-series';

/**
 * Sums over any range of days from the totals tables the write path keeps exact, never a scan of a long
 * history: whole months come from the per-category month totals, and only the partial months at the two
 * edges (at most two months of rows, found by the list's date index) from the rows themselves. Every range
 * here ends on or before today: rows dated later are scheduled and the callers cut them off.
 */

const byCategory = transactionCategoryMonthTotals;
const byDay = transactionDayTotals;

/**
 * A range split into whole months `[monthsFrom, monthsTo)` and the rows of its two edges
 * `[headFrom, headTo)` and `[tailFrom, tailTo]`. A range inside one month has no whole month (its tail is
 * empty, its head is all of it).
 */
export function splitByMonths({ from, to }: Period) {
  const monthsFrom = from === monthStartOf(from) ? from : monthStartOf(from, 1);
  const monthsTo = monthStartOf(addDays(to, 1));
  const dayAfter = addDays(to, 1);
  return {
    monthsFrom,
    monthsTo,
    headFrom: from,
    headTo: monthsFrom < dayAfter ? monthsFrom : dayAfter,
    tailFrom: monthsTo > monthsFrom ? monthsTo : monthsFrom,
    tailTo: to,
  };
}

/** Expenses per category over the days, largest first (then by name); counted rows only. */
export async function expensesByCategoryOver(
  db: Database,
  { userId, days }: { userId: string; days: Period },
): Promise<{ name: string; cents: CentsTotal }[]> {
  return categoriesQuery(db).execute({ userId, ...splitByMonths(days) });
}

const categoriesQuery = prepared((db) => {
  // Split rows count by their lines (migration 0030's view).
  const t = transactionCategoryRows;
  const rows = (from: string, to: string, toIncluded: boolean) => sql`
    select ${t.category}, 1, ${t.amountCents} from ${t}
    where ${t.userId} = ${sql.placeholder('userId')} and ${t.deletedAt} is null
      and ${t.occurredOn} >= ${sql.placeholder(from)}
      and ${t.occurredOn} ${toIncluded ? sql`<=` : sql`<`} ${sql.placeholder(to)}
      and ${t.transferId} is null and ${t.onBudget} and not ${t.isIncome}`;
  const parts = sql`
    select ${byCategory.category} as name, ${byCategory.count} as count, ${byCategory.amountCents} as cents
    from ${byCategory}
    where ${byCategory.userId} = ${sql.placeholder('userId')} and ${byCategory.counted} and not ${byCategory.isIncome}
      and ${byCategory.month} >= ${sql.placeholder('monthsFrom')} and ${byCategory.month} < ${sql.placeholder('monthsTo')}
    union all ${rows('headFrom', 'headTo', false)}
    union all ${rows('tailFrom', 'tailTo', true)}`;
  return db
    .select({ name: sql<string>`name`, cents: sql<CentsTotal>`sum(cents)::text` })
    .from(sql`(${parts}) as expenses`)
    .groupBy(sql`name`)
    .having(sql`sum(count) > 0`)
    .orderBy(desc(sql`sum(cents)`), asc(sql`name`))
    .prepare('period_expenses_by_category');
});

/** Income and expenses of each day (or each month, dated by its first day) with any, over the days. */
export async function totalsPerBucket(
  db: Database,
  { userId, days, bucket }: { userId: string; days: Period; bucket: 'day' | 'month' },
): Promise<{ date: string; income: CentsTotal; expenses: CentsTotal }[]> {
  const query = bucket === 'day' ? perDayQuery : perMonthQuery;
  return query(db).execute({ userId, from: days.from, to: days.to });
}

/** Income and expenses over the days: the per-day totals (two rows a day at most). */
export async function totalsOver(
  db: Database,
  { userId, days }: { userId: string; days: Period },
): Promise<{ income: CentsTotal; expenses: CentsTotal }> {
  const [row] = await sumQuery(db).execute({ userId, from: days.from, to: days.to });
  return { income: row?.income ?? '0', expenses: row?.expenses ?? '0' };
}

const income = sql<CentsTotal>`coalesce(sum(${byDay.amountCents}) filter (where ${byDay.isIncome}), 0)::text`;
const expenses = sql<CentsTotal>`coalesce(sum(${byDay.amountCents}) filter (where not ${byDay.isIncome}), 0)::text`;
const countedBetween = and(
  eq(byDay.userId, sql.placeholder('userId')),
  eq(byDay.counted, true),
  between(byDay.occurredOn, sql.placeholder('from'), sql.placeholder('to')),
);

const perDayQuery = prepared((db) =>
  db
    .select({ date: byDay.occurredOn, income, expenses })
    .from(byDay)
    .where(countedBetween)
    .groupBy(byDay.occurredOn)
    .prepare('period_totals_per_day'),
);

const monthOf = sql<string>`to_char(date_trunc('month', ${byDay.occurredOn}), 'YYYY-MM-DD')`;
const perMonthQuery = prepared((db) =>
  db
    .select({ date: monthOf, income, expenses })
    .from(byDay)
    .where(countedBetween)
    .groupBy(monthOf)
    .prepare('period_totals_per_month'),
);

const sumQuery = prepared((db) =>
  db.select({ income, expenses }).from(byDay).where(countedBetween).prepare('period_totals'),
);
