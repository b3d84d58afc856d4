import { sql } from 'drizzle-orm';

import {
  compareCentsTotals,
  monthEndOf,
  subtractCentsTotals,
  toCentsTotal,
  todayInTimeZone,
  type CategoryReport,
  type CategoryReportInput,
  type CentsTotal,
  type MonthlyReport,
  type MonthlyReportInput,
  type Period,
} from '@paisable/contracts';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { transactionCategoryMonthTotals, transactionCategoryRows, transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findOwnAccount } from '../accounts/service';
import {
  conversionOf,
  convertedForeignDays,
  groupDays,
  mixedInCurrency,
  type ForeignCategoryDay,
} from '../rates/month-sums';
import { mergeConversions } from '../rates/sums';
import { shownDays } from '../transactions/chart-series';
import { expensesByCategoryOver } from '../transactions/period-totals';
import { readerFor, type TotalsQuestion, type TotalsTableName } from './read-model';
import { rememberReport } from './remembered';
import { withCurrency } from './report-currency';

/** `currency`: the display currency the figures are in (sums in others converted); none: summed as they are. */
type Owned = { userId: string; timeZone: string; currency?: string };

/** What the monthly report asks the read model (read-model.ts), without an account and with one. */
export const MONTHLY_QUESTIONS = {
  budget: { period: 'month', by: ['type'], measures: ['amount'], scope: 'budget' },
  account: { period: 'month', by: ['type', 'account'], measures: ['amount'], scope: 'account' },
} as const satisfies Record<string, TotalsQuestion>;

/** What the category report asks: a range of days, by category, of the budget or of one account. */
export const CATEGORY_QUESTIONS = {
  budget: { period: 'day', by: ['category', 'type'], measures: ['amount'], scope: 'budget' },
  account: { period: 'day', by: ['category', 'type', 'account'], measures: ['amount'], scope: 'account' },
} as const satisfies Record<string, TotalsQuestion>;

/**
 * Income, expense and net of every month from `from` to `to` (empty months as zeros), up to today where
 * the user is (later rows are scheduled). Without an account: the counted rows (no transfers, no
 * off-budget accounts) from the per-category month totals, a few hundred rows for any range. With one
 * (the user's own, else 404): that account's rows except transfers, whether or not it is on budget, as
 * the user asked for it by name; no totals table keeps both the account and the kind, so they are summed
 * from its rows by the account's date index.
 */
export async function getMonthlyReport(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, currency, from, to, account }: Owned & MonthlyReportInput,
): Promise<MonthlyReport> {
  const today = todayInTimeZone(timeZone, now());
  const input = { from, to, account, currency };
  return rememberReport(db, { userId, report: 'monthly', input, today }, async () => {
    const own = account === undefined ? undefined : await findOwnAccount(db, userId, account);
    const days = { from: `${from}-01`, to: monthEndOf(`${to}-01`) };
    const question = account === undefined ? MONTHLY_QUESTIONS.budget : MONTHLY_QUESTIONS.account;
    const [rows, foreign] = await Promise.all([
      readerFor(monthSums, question)(db, { userId, days, today, account }),
      own ? [] : foreignDays(db, { userId, currency, days, today }),
    ]);
    const byMonth = new Map(rows.map((row) => [row.month, row]));
    const foreignOf = groupDays(foreign, (sum) => `${sum.month.slice(0, 7)}|${sum.isIncome}`);
    const months: MonthlyReport['months'] = [];
    for (let index = monthIndex(from); index <= monthIndex(to); index++) {
      const month = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
      const row = byMonth.get(month);
      const income = mixedInCurrency(row?.income ?? '0', foreignOf.get(`${month}|true`) ?? []);
      const expense = mixedInCurrency(row?.expense ?? '0', foreignOf.get(`${month}|false`) ?? []);
      const incomeCents = toCentsTotal(income.minor);
      const expenseCents = toCentsTotal(expense.minor);
      const conversion = mergeConversions([income.conversion, expense.conversion]);
      months.push({
        month,
        incomeCents,
        expenseCents,
        netCents: subtractCentsTotals(incomeCents, expenseCents),
        ...(conversion ? { conversion } : {}),
      });
    }
    return withCurrency(
      { months },
      { shownIn: own?.currency ?? currency, display: currency },
      conversionOf(foreign),
    );
  });
}

/**
 * The report's rows in other currencies than the display one over the days up to today, per category, kind,
 * day and currency, each day's converted at that day's rate (rates/month-sums.ts). None without a display
 * currency, and none for a user whose money is all in it.
 */
async function foreignDays(
  db: Database,
  {
    userId,
    currency,
    days,
    today,
    expensesOnly = false,
  }: { userId: string; currency: string | undefined; days: Period; today: string; expensesOnly?: boolean },
): Promise<ForeignCategoryDay[]> {
  if (currency === undefined) return [];
  const range = { from: days.from, to: days.to < today ? days.to : today };
  return convertedForeignDays(db, { userId, display: currency, days: range, expensesOnly });
}

/**
 * Expenses per category over the days up to today, largest first (then by name). Without an account the
 * same sums as the dashboard's: whole months from the per-category month totals, the partial months at the
 * ends from the rows. With one (the user's own, else 404): that account's rows except transfers, summed by
 * the account's date index, as no totals table keeps both the account and the category.
 */
export async function getCategoryReport(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, currency, from, to, account }: Owned & CategoryReportInput,
): Promise<CategoryReport> {
  const today = todayInTimeZone(timeZone, now());
  const input = { from, to, account, currency };
  return rememberReport(db, { userId, report: 'categories', input, today }, async () => {
    const own = account === undefined ? undefined : await findOwnAccount(db, userId, account);
    const shownIn = own?.currency ?? currency;
    const days = shownDays({ from, to }, today);
    if (!days) return withCurrency({ categories: [] }, { shownIn, display: currency }, undefined);
    const question = account === undefined ? CATEGORY_QUESTIONS.budget : CATEGORY_QUESTIONS.account;
    const [rows, expenses] = await Promise.all([
      readerFor(categorySums, question)(db, { userId, days, account }),
      own ? [] : foreignDays(db, { userId, currency, days, today, expensesOnly: true }),
    ]);
    const byName = groupDays(expenses, (sum) => sum.category);
    const categories = rows.map(({ name, cents }) => {
      const made = mixedInCurrency(cents, byName.get(name) ?? []);
      return {
        name,
        totalCents: toCentsTotal(made.minor),
        ...(made.conversion ? { conversion: made.conversion } : {}),
      };
    });
    // Converted sums may change the order: largest first again (then by name), as the SQL sorts.
    if (expenses.length > 0) {
      categories.sort(
        (a, b) =>
          compareCentsTotals(b.totalCents, a.totalCents) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
      );
    }
    return withCurrency({ categories }, { shownIn, display: currency }, conversionOf(expenses));
  });
}

type CategorySums = (
  db: Database,
  params: { userId: string; days: Period; account: string | undefined },
) => Promise<{ name: string; cents: CentsTotal }[]>;

const categorySums: Partial<Record<TotalsTableName | 'rows', CategorySums>> = {
  transaction_category_month_totals: (db, { userId, days }) => expensesByCategoryOver(db, { userId, days }),
  rows: (db, { userId, days, account }) =>
    accountCategoriesQuery(db).execute({ userId, account: account ?? null, from: days.from, to: days.to }),
};

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

type MonthRow = { month: string; income: CentsTotal; expense: CentsTotal };

type MonthSums = (
  db: Database,
  params: { userId: string; days: Period; today: string; account: string | undefined },
) => Promise<MonthRow[]>;

const monthSums: Partial<Record<TotalsTableName | 'rows', MonthSums>> = {
  transaction_category_month_totals: (db, { userId, days, today }) =>
    countedMonthsQuery(db).execute({ userId, from: days.from, to: days.to, today }),
  rows: async (db, { userId, days, today, account }) => {
    const end = days.to < today ? days.to : today;
    if (end < days.from) return [];
    return accountMonthsQuery(db).execute({ userId, account: account ?? null, from: days.from, to: end });
  },
};

const t = transactions;
const m = transactionCategoryMonthTotals;
const monthText = (column: unknown) => sql<string>`to_char(${column}, 'YYYY-MM')`;

/** The counted month totals of the range, less the counted rows dated after today (scheduled, few). */
const countedMonthsQuery = prepared((db) => {
  const parts = sql`
    select ${m.month} as month, ${m.isIncome} as is_income, ${m.amountCents} as cents from ${m}
    where ${m.userId} = ${sql.placeholder('userId')} and ${m.counted}
      and ${m.month} between ${sql.placeholder('from')} and ${sql.placeholder('to')}
    union all
    select date_trunc('month', ${t.occurredOn})::date, ${t.isIncome}, -${t.amountCents} from ${t}
    where ${t.userId} = ${sql.placeholder('userId')} and ${t.deletedAt} is null
      and ${t.occurredOn} > ${sql.placeholder('today')}
      and ${t.occurredOn} between ${sql.placeholder('from')} and ${sql.placeholder('to')}
      and ${t.transferId} is null and ${t.onBudget}`;
  return db
    .select({
      month: monthText(sql`month`),
      income: sql<CentsTotal>`coalesce(sum(cents) filter (where is_income), 0)::text`,
      expense: sql<CentsTotal>`coalesce(sum(cents) filter (where not is_income), 0)::text`,
    })
    .from(sql`(${parts}) as sums`)
    .groupBy(sql`month`)
    .prepare('report_monthly_counted');
});

const accountMonthsQuery = prepared((db) =>
  db
    .select({
      month: monthText(t.occurredOn),
      income: sql<CentsTotal>`coalesce(sum(${t.amountCents}) filter (where ${t.isIncome}), 0)::text`,
      expense: sql<CentsTotal>`coalesce(sum(${t.amountCents}) filter (where not ${t.isIncome}), 0)::text`,
    })
    .from(t)
    .where(
      sql`${t.userId} = ${sql.placeholder('userId')} and ${t.accountId} = ${sql.placeholder('account')}
        and ${t.deletedAt} is null and ${t.transferId} is null
        and ${t.occurredOn} between ${sql.placeholder('from')} and ${sql.placeholder('to')}`,
    )
    .groupBy(monthText(t.occurredOn))
    .prepare('report_monthly_account'),
);

// Split rows count by their lines (migration 0030's view).
const c = transactionCategoryRows;

/** The account's expenses per category over the days (already cut at today), by its date index. */
const accountCategoriesQuery = prepared((db) =>
  db
    .select({ name: c.category, cents: sql<CentsTotal>`sum(${c.amountCents})::text` })
    .from(c)
    .where(
      sql`${c.userId} = ${sql.placeholder('userId')} and ${c.accountId} = ${sql.placeholder('account')}
        and ${c.deletedAt} is null and ${c.transferId} is null and not ${c.isIncome}
        and ${c.occurredOn} between ${sql.placeholder('from')} and ${sql.placeholder('to')}`,
    )
    .groupBy(c.category)
    .orderBy(sql`sum(${c.amountCents}) desc`, c.category)
    .prepare('report_categories_account'),
);
