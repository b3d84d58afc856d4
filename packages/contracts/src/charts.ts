import { z } from 'zod';

import { centsTotalOutput } from './money';

export { CHART_WINDOW_DAYS } from './rules/charts';

/** All-time expense total of one category, in exact cents. */
export const categoryTotalOutput = z.object({
  name: z.string(),
  totalCents: centsTotalOutput,
});
export type CategoryTotal = z.infer<typeof categoryTotalOutput>;

/** One calendar day (`YYYY-MM-DD`) of a daily series, in exact cents. */
export const dayTotalOutput = z.object({
  date: z.string().describe('A calendar day, YYYY-MM-DD.'),
  totalCents: centsTotalOutput,
});
export type DayTotal = z.infer<typeof dayTotalOutput>;

/**
 * The dashboard charts. `expensesByCategory` is all-time, largest first. The two daily series hold every
 * day from `from` to `to` (the last 30 days where the user is), oldest first, days without data as zero.
 */
export const chartsOutput = z.object({
  from: z.string(),
  to: z.string(),
  expensesByCategory: z.array(categoryTotalOutput),
  expensesOverTime: z.array(dayTotalOutput),
  incomeOverTime: z.array(dayTotalOutput),
});
export type ChartsData = z.infer<typeof chartsOutput>;
