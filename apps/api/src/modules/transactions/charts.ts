import { asc, desc, sql } from 'drizzle-orm';

import { todayInTimeZone, type CentsTotal, type ChartsData, type DashboardPeriod } from '@paisable/contracts';

import { prepared } from '../../db/prepared';
import { transactionCategoryMonthTotals, transactionCategoryRows } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { rememberedResults } from '../../lib/remembered';
import { bucketOf, chartWindow, dailySeries, monthlySeries, resolvePeriod, shownDays } from './chart-series';
import { expensesByCategoryOver, totalsPerBucket } from './period-totals';

/**
 * The dashboard charts, summed in SQL over integer cents. Without a period, as the original route: all-time
 * expenses per category, and income and expenses per day over the last 30 days as the calendar reads where
 * the user is (today included, nothing dated later). With one, both cover the period up to today (later rows
 * are scheduled), per day up to 92 days and per month beyond. The sums can pass 2^53 cents: they stay
 * PostgreSQL's decimal text, never a JS number.
 */
export async function getCharts(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  {
    userId,
    timeZone,
    period: asked,
  }: { userId: string; timeZone: string; period?: DashboardPeriod | undefined },
): Promise<ChartsData> {
  const today = todayInTimeZone(timeZone, now());
  const period = asked && resolvePeriod(asked, today);
  const window = period ?? chartWindow(today);
  const key = `${period ? 'period' : 'all'} ${window.from} ${window.to} ${today}`;
  return rememberedCharts(db, { userId, key }, async () => {
    const bucket = bucketOf(window);
    const days = shownDays(window, today);
    // The per-category and per-day totals the write path keeps exact: a few rows, not the whole history.
    const [categories, totals] = await Promise.all([
      period
        ? days
          ? expensesByCategoryOver(db, { userId, days })
          : []
        : categoriesQuery(db).execute({ userId, today }),
      days ? totalsPerBucket(db, { userId, days, bucket }) : [],
    ]);
    const series = (pick: 'income' | 'expenses') => {
      const cents = new Map(totals.map((row) => [row.date, row[pick]]));
      if (!days) return [];
      return bucket === 'day' ? dailySeries(days, cents) : monthlySeries(days, cents);
    };
    return Object.freeze({
      ...window,
      bucket,
      expensesByCategory: categories.map(({ name, cents }) => ({ name, totalCents: cents })),
      expensesOverTime: series('expenses'),
      incomeOverTime: series('income'),
    });
  });
}

/**
 * The dashboard asks for the same charts on every visit, and they only change with the user's
 * transactions or the date: remembered per window until the user's next write (db/data-version.ts). A hit
 * costs one primary-key read of the version instead of summing the user's ~700 category-month rows and
 * grouping the days (two statements, ~2.5× the PostgreSQL CPU of a `select 1`). Sized by rows.
 */
const rememberedCharts = rememberedResults<Readonly<ChartsData>>({
  name: 'charts',
  sizeOf: (charts) => charts.expensesByCategory.length + charts.expensesOverTime.length * 2 + 1,
});

const byCategory = transactionCategoryMonthTotals;

/**
 * All-time expenses per category up to today (the original route): the counted month totals (not transfers, not off-budget accounts),
 * less the few counted expenses dated after today (scheduled), which the list's index finds by date.
 */
const categoriesQuery = prepared((db) => {
  // Split rows count by their lines (migration 0030's view).
  const t = transactionCategoryRows;
  const parts = sql`
    select ${byCategory.category} as name, ${byCategory.count} as count, ${byCategory.amountCents} as cents
    from ${byCategory}
    where ${byCategory.userId} = ${sql.placeholder('userId')} and ${byCategory.counted} and not ${byCategory.isIncome}
    union all
    select ${t.category}, -1, -${t.amountCents} from ${t}
    where ${t.userId} = ${sql.placeholder('userId')} and ${t.deletedAt} is null
      and ${t.occurredOn} > ${sql.placeholder('today')} and ${t.transferId} is null and ${t.onBudget}
      and not ${t.isIncome}`;
  return db
    .select({ name: sql<string>`name`, cents: sql<CentsTotal>`sum(cents)::text` })
    .from(sql`(${parts}) as expenses`)
    .groupBy(sql`name`)
    .having(sql`sum(count) > 0`)
    .orderBy(desc(sql`sum(cents)`), asc(sql`name`))
    .prepare('charts_expenses_by_category');
});
