import { and, asc, between, desc, eq, sql } from 'drizzle-orm';

import { todayInTimeZone, type CentsTotal, type ChartsData } from '@paisable/contracts';

import { versionedCache } from '../../db/data-version';
import { prepared } from '../../db/prepared';
import { transactionCategoryMonthTotals, transactionDayTotals, transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { chartWindow, dailySeries } from './chart-series';

/**
 * The dashboard charts, summed in SQL over integer cents: all-time expenses per category, and income and
 * expenses per day over the last 30 days as the calendar reads where the user is (today included, nothing
 * dated later). The sums can pass 2^53 cents: they stay PostgreSQL's decimal text, never a JS number.
 */
export async function getCharts(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone }: { userId: string; timeZone: string },
): Promise<ChartsData> {
  const window = chartWindow(todayInTimeZone(timeZone, now()));
  return rememberedCharts(db, { userId, key: `${window.from} ${window.to}` }, async () => {
    // The per-category and per-day totals the write path keeps exact: a few rows, not the whole history.
    const [categories, days] = await Promise.all([
      categoriesQuery(db).execute({ userId, today: window.to }),
      daysQuery(db).execute({ userId, from: window.from, to: window.to }),
    ]);
    return Object.freeze({
      ...window,
      expensesByCategory: categories.map(({ name, cents }) => ({ name, totalCents: cents })),
      expensesOverTime: dailySeries(window, new Map(days.map((day) => [day.date, day.expenses]))),
      incomeOverTime: dailySeries(window, new Map(days.map((day) => [day.date, day.income]))),
    });
  });
}

/**
 * The dashboard asks for the same charts on every visit, and they only change with the user's
 * transactions or the date: remembered per window until the user's next write (db/data-version.ts). A hit
 * costs one primary-key read of the version instead of summing the user's ~700 category-month rows and
 * grouping the days (two statements, ~2.5× the PostgreSQL CPU of a `select 1`). Sized by rows.
 */
const rememberedCharts = versionedCache<Readonly<ChartsData>>({
  // About 10 MB at most: a category or a day and its share of the JSON is well under 200 bytes.
  maxSize: 50_000,
  sizeOf: (charts) => charts.expensesByCategory.length + charts.expensesOverTime.length * 2 + 1,
});

const byCategory = transactionCategoryMonthTotals;
const byDay = transactionDayTotals;

/**
 * Expenses per category up to today: the counted month totals (not transfers, not off-budget accounts),
 * less the few counted expenses dated after today (scheduled), which the list's index finds by date.
 */
const categoriesQuery = prepared((db) => {
  const t = transactions;
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

const daysQuery = prepared((db) =>
  db
    .select({
      date: byDay.occurredOn,
      income: sql<CentsTotal>`coalesce(sum(${byDay.amountCents}) filter (where ${byDay.isIncome}), 0)`,
      expenses: sql<CentsTotal>`coalesce(sum(${byDay.amountCents}) filter (where not ${byDay.isIncome}), 0)`,
    })
    .from(byDay)
    .where(
      and(
        eq(byDay.userId, sql.placeholder('userId')),
        eq(byDay.counted, true),
        between(byDay.occurredOn, sql.placeholder('from'), sql.placeholder('to')),
      ),
    )
    .groupBy(byDay.occurredOn)
    .prepare('charts_days'),
);
