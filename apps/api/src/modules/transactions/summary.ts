import { centsToNumber, RECENT_TRANSACTIONS_COUNT, type Summary } from '@paisable/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { transactions } from '../../db/schema';
import { NEWEST_FIRST } from './list';
import { toTransaction } from './service';

/** Totals summed in SQL over integer cents (never floats), plus the newest few rows. */
export async function getSummary(db: Database, { userId }: { userId: string }): Promise<Summary> {
  const live = and(eq(transactions.userId, userId), isNull(transactions.deletedAt));
  const [[totals], recent] = await Promise.all([
    db
      .select({
        income: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.isIncome}), 0)`,
        expenses: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where not ${transactions.isIncome}), 0)`,
      })
      .from(transactions)
      .where(live),
    db
      .select()
      .from(transactions)
      .where(live)
      .orderBy(...NEWEST_FIRST)
      .limit(RECENT_TRANSACTIONS_COUNT),
  ]);
  const totalIncomeCents = Number(totals?.income ?? 0);
  const totalExpensesCents = Number(totals?.expenses ?? 0);
  const balanceCents = totalIncomeCents - totalExpensesCents;
  return {
    totalIncome: centsToNumber(totalIncomeCents),
    totalExpenses: centsToNumber(totalExpensesCents),
    balance: centsToNumber(balanceCents),
    totalIncomeCents,
    totalExpensesCents,
    balanceCents,
    recentTransactions: recent.map(toTransaction),
  };
}
