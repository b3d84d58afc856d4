import { z } from 'zod';

import { centsTotalOutput } from './money';
import type { CentsTotal } from './rules/money';
import { transactionOutput, type Transaction } from './transactions';

/** All-time totals of the user's live transactions, in exact cents (sums may pass 2^53). */
export type Summary = {
  totalIncomeCents: CentsTotal;
  totalExpensesCents: CentsTotal;
  balanceCents: CentsTotal;
  /** The five newest, newest first. */
  recentTransactions: Transaction[];
};

export const RECENT_TRANSACTIONS_COUNT = 5;

export const summaryOutput = z.object({
  totalIncomeCents: centsTotalOutput,
  totalExpensesCents: centsTotalOutput,
  balanceCents: centsTotalOutput,
  recentTransactions: z.array(transactionOutput),
}) satisfies z.ZodType<Summary>;
