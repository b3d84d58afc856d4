import { z } from 'zod';

import { centsTotalOutput } from './money';
import { conversionOutput, type Conversion } from './rates';
import type { CentsTotal } from './rules/money';
import { transactionOutput, type Transaction } from './transactions';

/**
 * Totals of the user's live transactions (all time, or over a period) and the balance today, in exact minor
 * units of the display currency `currency` (sums may pass 2^53). Amounts in other currencies are converted,
 * each day's at that day's rate (the balance at today's); `conversions` says how, per figure, and is empty for
 * a user whose money is all in the display currency.
 */
export type Summary = {
  currency: string;
  totalIncomeCents: CentsTotal;
  totalExpensesCents: CentsTotal;
  balanceCents: CentsTotal;
  conversions: SummaryConversions;
  /** The five newest, newest first. */
  recentTransactions: Transaction[];
};

export const RECENT_TRANSACTIONS_COUNT = 5;

/** Per figure, how it was converted; a figure with nothing converted is absent. */
export type SummaryConversions = {
  totalIncome?: Conversion | undefined;
  totalExpenses?: Conversion | undefined;
  balance?: Conversion | undefined;
};

export const summaryOutput = z.object({
  currency: z.string(),
  totalIncomeCents: centsTotalOutput,
  totalExpensesCents: centsTotalOutput,
  balanceCents: centsTotalOutput,
  conversions: z.object({
    totalIncome: conversionOutput.optional(),
    totalExpenses: conversionOutput.optional(),
    balance: conversionOutput.optional(),
  }),
  recentTransactions: z.array(transactionOutput),
}) satisfies z.ZodType<Summary>;
