import { and, between, eq, ne, sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { transactionCategoryRows, transactionDayTotals } from '../../db/schema';
import type { AmountGroup } from '../rates/convert';

/*
 * The parts of a user's sums that are in another currency than the one the figures are shown in, per day and
 * currency: what the summary and charts convert (rates/sums.ts `inCurrency`). For a user whose money is all
 * in the display currency they are empty, and every figure is the plain sum it always was.
 */

/** The first day any sum can have: an all-time range starts here. */
export const EARLIEST_DAY = '0001-01-01';

export type ForeignDayTotal = AmountGroup & { isIncome: boolean };

/** The counted day totals (not transfers, not off-budget) in other currencies than `display`, over the days. */
export async function foreignDayTotals(
  db: Database,
  { userId, display, from, to }: { userId: string; display: string; from: string; to: string },
): Promise<ForeignDayTotal[]> {
  const rows = await dayQuery(db).execute({ userId, display, from, to });
  return rows.map((row) => ({
    day: row.day,
    currency: row.currency,
    isIncome: row.isIncome,
    amountMinor: BigInt(row.amount),
  }));
}

const byDay = transactionDayTotals;
const dayQuery = prepared((db) =>
  db
    .select({
      day: byDay.occurredOn,
      currency: byDay.currency,
      isIncome: byDay.isIncome,
      amount: sql<string>`sum(${byDay.amountCents})::text`,
    })
    .from(byDay)
    .where(
      and(
        eq(byDay.userId, sql.placeholder('userId')),
        eq(byDay.counted, true),
        ne(byDay.currency, sql.placeholder('display')),
        between(byDay.occurredOn, sql.placeholder('from'), sql.placeholder('to')),
      ),
    )
    .groupBy(byDay.occurredOn, byDay.currency, byDay.isIncome)
    .having(sql`sum(${byDay.count}) > 0`)
    .prepare('foreign_day_totals'),
);

export type ForeignCategoryTotal = AmountGroup & { category: string };

/**
 * Counted expenses in other currencies than `display` per category, day and currency over the days (split
 * rows by their lines). Read from the rows, so only asked for when the day totals show such expenses.
 */
export async function foreignExpensesByCategory(
  db: Database,
  { userId, display, from, to }: { userId: string; display: string; from: string; to: string },
): Promise<ForeignCategoryTotal[]> {
  const rows = await categoryQuery(db).execute({ userId, display, from, to });
  return rows.map((row) => ({
    category: row.category,
    day: row.day,
    currency: row.currency,
    amountMinor: BigInt(row.amount),
  }));
}

const t = transactionCategoryRows;
const categoryQuery = prepared((db) =>
  db
    .select({
      category: t.category,
      day: t.occurredOn,
      currency: t.currency,
      amount: sql<string>`sum(${t.amountCents})::text`,
    })
    .from(t)
    .where(
      and(
        eq(t.userId, sql.placeholder('userId')),
        sql`${t.deletedAt} is null and ${t.transferId} is null and ${t.onBudget} and not ${t.isIncome}`,
        ne(t.currency, sql.placeholder('display')),
        between(t.occurredOn, sql.placeholder('from'), sql.placeholder('to')),
      ),
    )
    .groupBy(t.category, t.occurredOn, t.currency)
    .prepare('foreign_expenses_by_category'),
);
