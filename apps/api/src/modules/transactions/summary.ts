import { and, eq, isNull, lte, sql } from 'drizzle-orm';

import {
  RECENT_TRANSACTIONS_COUNT,
  toCentsTotal,
  todayInTimeZone,
  type CentsTotal,
  type DashboardPeriod,
  type Period,
  type Summary,
} from '@paisable/contracts';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { transactionCategoryMonthTotals as byCategory, transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { rememberedResults } from '../../lib/remembered';
import { onBudgetBalances } from '../accounts/balances';
import { convertTotals } from '../rates/service';
import { inCurrency } from '../rates/sums';
import { resolvePeriod, shownDays } from './chart-series';
import { EARLIEST_DAY, foreignDayTotals } from './foreign-totals';
import { NEWEST_FIRST } from './list';
import { totalsOver } from './period-totals';
import { toTransaction } from './service';
import { splitLinesOf } from './splits';

/**
 * Income and expense up to today where the user is (within the period when one is given) (rows dated later
 * are scheduled: they count from their day), without transfers and off-budget accounts, from the totals the
 * write path keeps exact; the balance of the on-budget accounts today; the newest rows up to today. Every
 * figure is in the display `currency`: sums of other currencies are converted per day at that day's rate
 * (the balance at today's), from the per-day-and-currency totals, never row by row. The sums can pass 2^53
 * minor units: they stay exact (decimal text, BigInt), never a JS number.
 */
export async function getSummary(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  {
    userId,
    timeZone,
    currency,
    period: asked,
  }: { userId: string; timeZone: string; currency: string; period?: DashboardPeriod | undefined },
): Promise<Summary> {
  const today = todayInTimeZone(timeZone, now());
  const period = asked && resolvePeriod(asked, today);
  const key = `summary ${currency} ${today}${period ? ` ${period.from} ${period.to}` : ''}`;
  return rememberedSummaries(db, { userId, key }, async () => {
    const days = period ? shownDays(period, today) : { from: EARLIEST_DAY, to: today };
    const [[totals], recent, balances, foreign] = await Promise.all([
      period ? [await periodTotals(db, userId, period, today)] : totalsQuery(db).execute({ userId, today }),
      recentQuery(db).execute({ userId, today }),
      onBudgetBalances(db, { userId, date: today }),
      days ? foreignDayTotals(db, { userId, display: currency, ...days }) : [],
    ]);
    const balanceGroups = [...balances]
      .filter(([code]) => code !== currency)
      .map(([code, amountMinor]) => ({ day: today, currency: code, amountMinor }));
    // One statement finds every rate, for the day sums and the balances alike.
    const groups = [...foreign, ...balanceGroups];
    const converted = groups.length > 0 ? await convertTotals({ db }, { userId, to: currency, groups }) : [];
    const ofKind = (isIncome: boolean) => converted.filter((_, at) => foreign[at]?.isIncome === isIncome);
    const income = inCurrency(BigInt(totals?.income ?? '0'), ofKind(true));
    const expenses = inCurrency(BigInt(totals?.expenses ?? '0'), ofKind(false));
    const mixedBalance = [...balances.values()].reduce((sum, minor) => sum + minor, 0n);
    const balance = inCurrency(mixedBalance, converted.slice(foreign.length));
    return Object.freeze({
      currency,
      totalIncomeCents: toCentsTotal(income.minor),
      totalExpensesCents: toCentsTotal(expenses.minor),
      balanceCents: toCentsTotal(balance.minor),
      conversions: {
        ...(income.conversion ? { totalIncome: income.conversion } : {}),
        ...(expenses.conversion ? { totalExpenses: expenses.conversion } : {}),
        ...(balance.conversion ? { balance: balance.conversion } : {}),
      },
      recentTransactions: await withSplitLines(db, recent),
    });
  });
}

/** A period's income and expenses up to today (the days after it are scheduled), from the per-day totals. */
async function periodTotals(db: Database, userId: string, period: Period, today: string) {
  const days = shownDays(period, today);
  if (!days) return { income: '0', expenses: '0' } as const;
  return totalsOver(db, { userId, days });
}

/**
 * The dashboard asks for the summary on every visit and it only changes with the user's data or the day:
 * remembered per day until their next write (db/data-version.ts). A hit costs one primary-key read of the
 * version instead of three statements. The totals and five rows: a few kB per user at most.
 */
const rememberedSummaries = rememberedResults<Readonly<Summary>>({ name: 'summaries' });

/**
 * All of the counted month totals (a few hundred rows), less the counted rows dated after today: those are
 * few, and the list's index finds them by date.
 */
const totalsQuery = prepared((db) => {
  const scheduled = (income: boolean) => sql`coalesce((
    select sum(${transactions.amountCents}) from ${transactions}
    where ${transactions.userId} = ${sql.placeholder('userId')} and ${transactions.deletedAt} is null
      and ${transactions.occurredOn} > ${sql.placeholder('today')}
      and ${transactions.transferId} is null and ${transactions.onBudget}
      and ${transactions.isIncome} = ${income ? sql`true` : sql`false`}), 0)`;
  return db
    .select({
      income: sql<CentsTotal>`(coalesce(sum(${byCategory.amountCents}) filter (where ${byCategory.isIncome}), 0)
        - ${scheduled(true)})::text`,
      expenses: sql<CentsTotal>`(coalesce(sum(${byCategory.amountCents}) filter (where not ${byCategory.isIncome}), 0)
        - ${scheduled(false)})::text`,
    })
    .from(byCategory)
    .where(and(eq(byCategory.userId, sql.placeholder('userId')), eq(byCategory.counted, true)))
    .prepare('summary_totals');
});

const recentQuery = prepared((db) =>
  db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, sql.placeholder('userId')),
        isNull(transactions.deletedAt),
        lte(transactions.occurredOn, sql.placeholder('today')),
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(RECENT_TRANSACTIONS_COUNT)
    .prepare('summary_recent'),
);

/** Rows read with their split lines (a split row shows its lines wherever it is listed). */
async function withSplitLines(db: Database, rows: Parameters<typeof toTransaction>[0][]) {
  const lines = await splitLinesOf(
    db,
    rows.filter((row) => row.isSplit).map((row) => row.id),
  );
  return rows.map((row) => toTransaction(row, lines.get(row.id)));
}
