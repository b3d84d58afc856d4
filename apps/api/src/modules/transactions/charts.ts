import { centsToNumber, todayInTimeZone, type ChartsData } from '@paisable/contracts';
import { and, asc, between, desc, eq, isNull, not, sql } from 'drizzle-orm';

import { transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { chartWindow, dailySeries } from './chart-series';

/**
 * The dashboard charts, summed in SQL over integer cents: all-time expenses per category, and income and
 * expenses per day over the last 30 days as the calendar reads where the user is (today included, nothing
 * dated later).
 */
export async function getCharts(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone }: { userId: string; timeZone: string },
): Promise<ChartsData> {
  const window = chartWindow(todayInTimeZone(timeZone, now()));
  const live = and(eq(transactions.userId, userId), isNull(transactions.deletedAt));
  const categoryCents = sql<string>`sum(${transactions.amountCents})`;
  const [categories, days] = await Promise.all([
    db
      .select({ name: transactions.category, cents: categoryCents })
      .from(transactions)
      .where(and(live, not(transactions.isIncome)))
      .groupBy(transactions.category)
      .orderBy(desc(categoryCents), asc(transactions.category)),
    db
      .select({
        date: transactions.occurredOn,
        income: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.isIncome}), 0)`,
        expenses: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where not ${transactions.isIncome}), 0)`,
      })
      .from(transactions)
      .where(and(live, between(transactions.occurredOn, window.from, window.to)))
      .groupBy(transactions.occurredOn),
  ]);
  return {
    ...window,
    expensesByCategory: categories.map(({ name, cents }) => {
      const totalCents = Number(cents);
      return { name, total: centsToNumber(totalCents), totalCents };
    }),
    expensesOverTime: dailySeries(window, new Map(days.map((day) => [day.date, Number(day.expenses)]))),
    incomeOverTime: dailySeries(window, new Map(days.map((day) => [day.date, Number(day.income)]))),
  };
}
