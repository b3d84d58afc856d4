import { z } from 'zod';

import { isoDate } from './dates';
import { CATEGORY_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';
import { centsTotalOutput } from './money';
import { conversionOutput } from './rates';
import { MAX_PERIOD_YEARS, PERIOD_MESSAGES, periodProblem } from './rules/periods';

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
      /** How the month's income and expense were converted from other currencies; absent when not. */
      conversion: conversionOutput.optional(),
    }),
  ),
  /**
   * The currency of the figures: the display one (sums in others converted per day and currency at that
   * day's rate), or one account's own. Absent from older answers.
   */
  currency: z.string().optional(),
  /** Every rate the report used and every gap, for its mark; absent when nothing was converted. */
  conversion: conversionOutput.optional(),
});
export type MonthlyReport = z.infer<typeof monthlyReportOutput>;

/** A report over days, optionally of one account (the user's own, else 404). */
const accountSelection = { account: z.string().max(100).optional() };

/** Expenses per category over a range of days, optionally of one account. */
export const categoryReportInput = z
  .object({ from: isoDate, to: isoDate, ...accountSelection })
  .superRefine((period, ctx) => {
    const problem = periodProblem(period);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type CategoryReportInput = z.infer<typeof categoryReportInput>;
export const categoryReportOutput = z.object({
  categories: z.array(
    z.object({ name: z.string(), totalCents: centsTotalOutput, conversion: conversionOutput.optional() }),
  ),
  /** As the monthly report's. */
  currency: z.string().optional(),
  conversion: conversionOutput.optional(),
});
export type CategoryReport = z.infer<typeof categoryReportOutput>;

/** Net worth over days `from`–`to`, optionally of one account. */
export const netWorthReportInput = z
  .object({ from: isoDate, to: isoDate, ...accountSelection })
  .superRefine((period, ctx) => {
    const problem = periodProblem(period);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type NetWorthReportInput = z.infer<typeof netWorthReportInput>;

/**
 * One point per month end inside the range and the last at `to`: assets, liabilities (what cards and loans
 * owe, as a positive figure) and their difference, from the balances at the end of that day. A day after
 * today carries today's balances: scheduled rows count from their day.
 */
export const netWorthReportOutput = z.object({
  points: z.array(
    z.object({
      date: z.string().describe('YYYY-MM-DD'),
      assetsCents: centsTotalOutput,
      liabilitiesCents: centsTotalOutput,
      netCents: centsTotalOutput,
      /** How the balances of accounts in other currencies were converted at the point's date; absent when not. */
      conversion: conversionOutput.optional(),
    }),
  ),
  /**
   * The currency of the figures: the display one (each balance in another currency converted at the rate of
   * the point's date), or one account's own. Absent from older answers.
   */
  currency: z.string().optional(),
  /** Every rate the report used and every gap, for its mark; absent when nothing was converted. */
  conversion: conversionOutput.optional(),
});
export type NetWorthReport = z.infer<typeof netWorthReportOutput>;

export const TOP_PAYEES_DEFAULT = 10;
export const TOP_PAYEES_MAX = 100;

/** The payees spent with most over days `from`–`to`, optionally in one account. */
export const topPayeesInput = z
  .object({
    from: isoDate,
    to: isoDate,
    ...accountSelection,
    limit: z.coerce.number().int().min(1).max(TOP_PAYEES_MAX).default(TOP_PAYEES_DEFAULT),
  })
  .superRefine((period, ctx) => {
    const problem = periodProblem(period);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type TopPayeesInput = z.output<typeof topPayeesInput>;

/** Payees (transaction names, case aside) by what was spent with them, largest first. */
export const topPayeesOutput = z.object({
  payees: z.array(
    z.object({
      name: z.string(),
      count: z.number().int(),
      totalCents: centsTotalOutput,
      /** How the payee's rows in other currencies were converted, each at its day's rate; absent when not. */
      conversion: conversionOutput.optional(),
    }),
  ),
  /** The currency of the figures: the display one, or one account's own. Absent from older answers. */
  currency: z.string().optional(),
  /** Every rate the report used and every gap, for its mark; absent when nothing was converted. */
  conversion: conversionOutput.optional(),
});
export type TopPayees = z.infer<typeof topPayeesOutput>;

/** Each month of the range beside the same month a year before. */
export const yearOverYearInput = monthlyReportInput;
export const yearOverYearOutput = z.object({
  months: z.array(
    z.object({
      month: z.string().describe('YYYY-MM'),
      previousMonth: z.string().describe('YYYY-MM, a year before'),
      incomeCents: centsTotalOutput,
      expenseCents: centsTotalOutput,
      previousIncomeCents: centsTotalOutput,
      previousExpenseCents: centsTotalOutput,
      /** How the month's and the month a year before's figures were converted; absent when not. */
      conversion: conversionOutput.optional(),
    }),
  ),
  /** As the monthly report's. */
  currency: z.string().optional(),
  conversion: conversionOutput.optional(),
});
export type YearOverYear = z.infer<typeof yearOverYearOutput>;

/** One category's spending per month of a range, optionally in one account. */
export const categoryTrendInput = z
  .object({
    from: isoMonth,
    to: isoMonth,
    category: z
      .string({ error: MESSAGES.categoryRequired })
      .trim()
      .min(1, MESSAGES.categoryRequired)
      .max(CATEGORY_MAX_LENGTH, MESSAGES.categoryNameTooLong),
    ...accountSelection,
  })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) ctx.addIssue({ code: 'custom', message: PERIOD_MESSAGES.fromAfterTo, path: ['to'] });
    else if (monthIndex(to) - monthIndex(from) >= MAX_PERIOD_YEARS * 12)
      ctx.addIssue({ code: 'custom', message: PERIOD_MESSAGES.tooLong, path: ['to'] });
  });
export type CategoryTrendInput = z.infer<typeof categoryTrendInput>;

/** Spent per month (empty months as zeros) beside the month's budget (null: none), and the months' average. */
export const categoryTrendOutput = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      spentCents: centsTotalOutput,
      budgetCents: centsTotalOutput.nullable(),
      conversion: conversionOutput.optional(),
    }),
  ),
  averageCents: centsTotalOutput.describe(
    'The months’ spending over their number, rounded down to the cent.',
  ),
  /** As the monthly report's. */
  currency: z.string().optional(),
  conversion: conversionOutput.optional(),
});
export type CategoryTrend = z.infer<typeof categoryTrendOutput>;
