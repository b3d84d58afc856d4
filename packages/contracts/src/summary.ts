import type { Transaction } from './transactions';

/** All-time totals of the user's live transactions; amounts as decimal numbers and exact cents. */
export type Summary = {
  totalIncome: number;
  totalExpenses: number;
  balance: number;
  totalIncomeCents: number;
  totalExpensesCents: number;
  balanceCents: number;
  /** The five newest, newest first. */
  recentTransactions: Transaction[];
};

export const RECENT_TRANSACTIONS_COUNT = 5;
