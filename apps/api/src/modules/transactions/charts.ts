import { asc, desc, sql } from 'drizzle-orm';

import {
  compareCentsTotals,
  toCentsTotal,
  todayInTimeZone,
  type CentsTotal,
  type ChartsData,
  type Conversion,
  type DashboardPeriod,
  type Period,
} from '@paisable/contracts';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { transactionCategoryMonthTotals, transactionCategoryRows } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { rememberedResults } from '../../lib/remembered';
import type { ConvertedGroup } from '../rates/convert';
import { convertTotals } from '../rates/service';
import { inCurrency } from '../rates/sums';
import { bucketOf, chartWindow, dailySeries, monthlySeries, resolvePeriod, shownDays } from './chart-series';
import {
  EARLIEST_DAY,
  foreignDayTotals,
  foreignExpensesByCategory,
  type ForeignDayTotal,
} from './foreign-totals';
import { expensesByCategoryOver, totalsPerBucket } from './period-totals';

/**
 * The dashboard charts, summed in SQL over integer minor units. Without a period, as the original route:
 * all-time expenses per category, and income and expenses per day over the last 30 days as the calendar
 * reads where the user is (today included, nothing dated later). With one, both cover the period up to today
 * (later rows are scheduled), per day up to 92 days and per month beyond. Every figure is in the display
 * `currency`: sums of other currencies are converted per day at that day's rate (`withForeignConverted`).
 * The sums can pass 2^53: they stay exact (decimal text, BigInt), never a JS number.
 */
export async function getCharts(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  {
    userId,
    timeZone,
    currency,
    period: asked,
  }: { userId: string; timeZone: string; currency: string; period?: DashboardPeriod | undefined },
): Promise<ChartsData> {
  const today = todayInTimeZone(timeZone, now());
  const period = asked && resolvePeriod(asked, today);
  const window = period ?? chartWindow(today);
  const key = `${currency} ${period ? 'period' : 'all'} ${window.from} ${window.to} ${today}`;
  return rememberedCharts(db, { userId, key }, async () => {
    const bucket = bucketOf(window);
    const days = shownDays(window, today);
    // Categories cover the period, or all time up to today on the original route.
    const categoryDays = period ? days : { from: EARLIEST_DAY, to: today };
    // The per-category and per-day totals the write path keeps exact: a few rows, not the whole history.
    const [categories, totals, foreignDays, foreignForCategories] = await Promise.all([
      period
        ? days
          ? expensesByCategoryOver(db, { userId, days })
          : []
        : categoriesQuery(db).execute({ userId, today }),
      days ? totalsPerBucket(db, { userId, days, bucket }) : [],
      days ? foreignDayTotals(db, { userId, display: currency, ...days }) : [],
      period || !categoryDays
        ? undefined
        : foreignDayTotals(db, { userId, display: currency, ...categoryDays }),
    ]);
    const converted = await withForeignConverted(db, {
      userId,
      currency,
      categoryDays,
      foreignDays,
      foreignExpenseDays: (foreignForCategories ?? foreignDays).filter((group) => !group.isIncome),
    });
    const series = (pick: 'income' | 'expenses') => {
      const kind = pick === 'income' ? converted.income : converted.expenses;
      const adjusted = inBuckets(totals, pick, kind, bucket);
      if (!days) return { totals: [], conversion: adjusted.conversion };
      const cents = adjusted.cents;
      return {
        totals: bucket === 'day' ? dailySeries(days, cents) : monthlySeries(days, cents),
        conversion: adjusted.conversion,
      };
    };
    const expenses = series('expenses');
    const income = series('income');
    const byCategory = inCategories(categories, converted.categories);
    return Object.freeze({
      ...window,
      bucket,
      currency,
      expensesByCategory: byCategory.totals,
      expensesOverTime: expenses.totals,
      incomeOverTime: income.totals,
      conversions: {
        ...(byCategory.conversion ? { expensesByCategory: byCategory.conversion } : {}),
        ...(expenses.conversion ? { expensesOverTime: expenses.conversion } : {}),
        ...(income.conversion ? { incomeOverTime: income.conversion } : {}),
      },
    });
  });
}

/**
 * The sums in other currencies than the display one, converted with one statement for every rate: those of
 * the series (per day and kind, from the day totals) and, when the day totals show expenses in another
 * currency over the categories' days, those of the categories (per category and day, from the rows).
 */
async function withForeignConverted(
  db: Database,
  {
    userId,
    currency,
    categoryDays,
    foreignDays,
    foreignExpenseDays,
  }: {
    userId: string;
    currency: string;
    categoryDays: Period | undefined;
    foreignDays: readonly ForeignDayTotal[];
    foreignExpenseDays: readonly ForeignDayTotal[];
  },
) {
  const byCategory =
    categoryDays && foreignExpenseDays.length > 0
      ? await foreignExpensesByCategory(db, { userId, display: currency, ...categoryDays })
      : [];
  const groups = [...foreignDays, ...byCategory];
  const converted = groups.length > 0 ? await convertTotals({ db }, { userId, to: currency, groups }) : [];
  const days = converted.slice(0, foreignDays.length);
  return {
    income: days.filter((_, at) => foreignDays[at]?.isIncome === true),
    expenses: days.filter((_, at) => foreignDays[at]?.isIncome === false),
    categories: converted.slice(foreignDays.length).map((group, at) => ({
      category: byCategory[at]?.category ?? '',
      group,
    })),
  };
}

/** Each bucket's mixed sum made right in the display currency; the note covers the whole series. */
function inBuckets(
  totals: readonly { date: string; income: CentsTotal; expenses: CentsTotal }[],
  pick: 'income' | 'expenses',
  foreign: readonly ConvertedGroup[],
  bucket: 'day' | 'month',
): { cents: Map<string, CentsTotal>; conversion?: Conversion } {
  const cents = new Map(totals.map((row) => [row.date, row[pick]]));
  const keyOf = (day: string) => (bucket === 'day' ? day : `${day.slice(0, 7)}-01`);
  for (const [date, groups] of groupBy(foreign, (group) => keyOf(group.day))) {
    cents.set(date, toCentsTotal(inCurrency(BigInt(cents.get(date) ?? '0'), groups).minor));
  }
  const { conversion } = inCurrency(0n, foreign);
  return conversion ? { cents, conversion } : { cents };
}

/** Each category's mixed sum made right in the display currency, largest first again (then by name). */
function inCategories(
  categories: readonly { name: string; cents: CentsTotal }[],
  foreign: readonly { category: string; group: ConvertedGroup }[],
): { totals: { name: string; totalCents: CentsTotal }[]; conversion?: Conversion } {
  const byName = groupBy(foreign, (entry) => entry.category);
  const totals = categories.map(({ name, cents }) => {
    const groups = (byName.get(name) ?? []).map((entry) => entry.group);
    return { name, totalCents: toCentsTotal(inCurrency(BigInt(cents), groups).minor) };
  });
  if (foreign.length === 0) return { totals };
  totals.sort(
    (a, b) =>
      compareCentsTotals(b.totalCents, a.totalCents) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  const { conversion } = inCurrency(
    0n,
    foreign.map((entry) => entry.group),
  );
  return conversion ? { totals, conversion } : { totals };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
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
