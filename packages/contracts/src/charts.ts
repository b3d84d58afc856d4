import { z } from 'zod';

import { centsTotalOutput } from './money';
import { conversionOutput } from './rates';

export { CHART_WINDOW_DAYS } from './rules/charts';

/** One category's expense total over the charts' period (all time on the original route), in exact cents. */
export const categoryTotalOutput = z.object({
  name: z.string(),
  totalCents: centsTotalOutput,
});
export type CategoryTotal = z.infer<typeof categoryTotalOutput>;

/** One calendar day (`YYYY-MM-DD`) of a daily series, or a month (its first day) of a monthly one. */
export const dayTotalOutput = z.object({
  date: z.string().describe('A calendar day, YYYY-MM-DD (a month: its first day).'),
  totalCents: centsTotalOutput,
});
export type DayTotal = z.infer<typeof dayTotalOutput>;

/**
 * The dashboard charts over a period (`from`–`to`, both included; by default the last 30 days where the
 * user is). `expensesByCategory` covers the period, largest first (all time when no period was asked for).
 * The two series hold every day (`bucket: 'day'`, periods up to 92 days) or every month (`'month'`, dated
 * by its first day) from `from` up to the period's end or today, whichever is first (later rows are
 * scheduled), oldest first, empty ones as zero. Sums are in minor units of `currency`.
 */
export const chartsOutput = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['day', 'month']),
  /** The display currency every figure is in (amounts in others converted at their day's rate). */
  currency: z.string(),
  expensesByCategory: z.array(categoryTotalOutput),
  expensesOverTime: z.array(dayTotalOutput),
  incomeOverTime: z.array(dayTotalOutput),
  /** Per chart, how its figures were converted; a chart with nothing converted is absent. */
  conversions: z.object({
    expensesByCategory: conversionOutput.optional(),
    expensesOverTime: conversionOutput.optional(),
    incomeOverTime: conversionOutput.optional(),
  }),
});
export type ChartsData = z.infer<typeof chartsOutput>;
