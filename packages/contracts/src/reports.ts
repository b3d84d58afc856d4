import { z } from 'zod';

import { centsTotalOutput } from './money';
import { periodInput } from './periods';
import { MAX_PERIOD_YEARS, PERIOD_MESSAGES } from './rules/periods';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A calendar month `YYYY-MM`. */
export const isoMonth = z
  .string({ error: PERIOD_MESSAGES.invalidMonth })
  .regex(MONTH, PERIOD_MESSAGES.invalidMonth)
  .refine((month) => Number(month.slice(0, 4)) >= 1000, { message: PERIOD_MESSAGES.invalidMonth });

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** Months `from`–`to` (both included), optionally of one account: at most 50 years, start not after end. */
export const monthlyReportInput = z
  .object({ from: isoMonth, to: isoMonth, account: z.string().max(100).optional() })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) ctx.addIssue({ code: 'custom', message: PERIOD_MESSAGES.fromAfterTo, path: ['to'] });
    else if (monthIndex(to) - monthIndex(from) >= MAX_PERIOD_YEARS * 12)
      ctx.addIssue({ code: 'custom', message: PERIOD_MESSAGES.tooLong, path: ['to'] });
  });
export type MonthlyReportInput = z.infer<typeof monthlyReportInput>;

/** Every month of the range, empty ones as zeros; counted rows up to today (no transfers, no scheduled). */
export const monthlyReportOutput = z.object({
  months: z.array(
    z.object({
      month: z.string().describe('YYYY-MM'),
      incomeCents: centsTotalOutput,
      expenseCents: centsTotalOutput,
      netCents: centsTotalOutput,
    }),
  ),
});
export type MonthlyReport = z.infer<typeof monthlyReportOutput>;

/** Expenses per category over a range of days. */
export const categoryReportInput = periodInput;
export const categoryReportOutput = z.object({
  categories: z.array(z.object({ name: z.string(), totalCents: centsTotalOutput })),
});
export type CategoryReport = z.infer<typeof categoryReportOutput>;
