import { sql } from 'drizzle-orm';

import {
  monthEndOf,
  subtractCentsTotals,
  todayInTimeZone,
  type CategoryReport,
  type CentsTotal,
  type MonthlyReport,
  type MonthlyReportInput,
  type Period,
} from '@paisable/contracts';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { transactionCategoryMonthTotals, transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findOwnAccount } from '../accounts/service';
import { shownDays } from '../transactions/chart-series';
import { expensesByCategoryOver } from '../transactions/period-totals';

type Owned = { userId: string; timeZone: string };

/**
 * Income, expense and net of every month from `from` to `to` (empty months as zeros), up to today where
 * the user is (later rows are scheduled). Without an account: the counted rows (no transfers, no
 * off-budget accounts) from the per-category month totals, a few hundred rows for any range. With one
 * (the user's own, else 404): that account's rows except transfers, whether or not it is on budget, as
 * the user asked for it by name; summed from its rows by the account's date index.
 */
export async function getMonthlyReport(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, from, to, account }: Owned & MonthlyReportInput,
): Promise<MonthlyReport> {
  if (account !== undefined) await findOwnAccount(db, userId, account);
  const today = todayInTimeZone(timeZone, now());
  const days = { from: `${from}-01`, to: monthEndOf(`${to}-01`) };
  const rows = await monthSums(db, { userId, days, today, account });
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const months: MonthlyReport['months'] = [];
  for (let index = monthIndex(from); index <= monthIndex(to); index++) {
    const month = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
    const row = byMonth.get(month);
    const incomeCents = row?.income ?? '0';
    const expenseCents = row?.expense ?? '0';
    months.push({
      month,
      incomeCents,
      expenseCents,
      netCents: subtractCentsTotals(incomeCents, expenseCents),
    });
  }
  return { months };
}

/** Expenses per category over the days up to today, largest first: the same sums as the dashboard's. */
export async function getCategoryReport(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, from, to }: Owned & Period,
): Promise<CategoryReport> {
  const days = shownDays({ from, to }, todayInTimeZone(timeZone, now()));
  if (!days) return { categories: [] };
  const rows = await expensesByCategoryOver(db, { userId, days });
  return { categories: rows.map(({ name, cents }) => ({ name, totalCents: cents })) };
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

type MonthRow = { month: string; income: CentsTotal; expense: CentsTotal };

async function monthSums(
  db: Database,
  params: { userId: string; days: Period; today: string; account: string | undefined },
): Promise<MonthRow[]> {
  const { userId, days, today, account } = params;
  if (account === undefined) {
    const rows = await countedMonthsQuery(db).execute({ userId, from: days.from, to: days.to, today });
    return rows;
  }
  const end = days.to < today ? days.to : today;
  if (end < days.from) return [];
  return accountMonthsQuery(db).execute({ userId, account, from: days.from, to: end });
}

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
