import { z } from 'zod';

import { CATEGORY_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';
import { centsTotalOutput } from './money';
import { conversionOutput } from './rates';
import { BUDGET_YEAR_MAX, BUDGET_YEAR_MIN } from './rules/budgets';
import { readDecimalAmount } from './rules/currency-money';

export {
  BUDGET_EXCEEDED_PERCENT,
  BUDGET_WARNING_PERCENT,
  BUDGET_YEAR_MAX,
  BUDGET_YEAR_MIN,
  budgetMonthStart,
  budgetProgress,
  type BudgetStatus,
  clampMonth,
  clampTypedMonth,
  duplicateBudgetMessage,
  formatBudgetMonth,
} from './rules/budgets';

/**
 * A budget may be zero ("spend nothing on this"), unlike a transaction; negatives are refused. Its decimals
 * are the display currency's, which the contract does not know: the amount travels on as exact decimal text
 * ("1.234", "0") and the budgets service reads it in that currency (1.234 BHD, refused in USD or JPY).
 */
export const budgetAmountInput = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? MESSAGES.amountRequired : MESSAGES.amountNotANumber),
  })
  .transform((value, ctx) => {
    if (isZeroAmount(value)) return '0';
    const result = readDecimalAmount(value);
    if (result.ok) return result.text;
    ctx.addIssue({
      code: 'custom',
      message: result.message === MESSAGES.amountNotPositive ? MESSAGES.budgetAmountNegative : result.message,
    });
    return z.NEVER;
  });

function isZeroAmount(value: number | string): boolean {
  if (typeof value === 'number') return value === 0;
  return /^\s*0*(\.0*)?\s*$/.test(value) && /\d/.test(value);
}

const budgetCategory = z
  .string({ error: MESSAGES.categoryRequired })
  .trim()
  .min(1, MESSAGES.categoryRequired)
  .max(CATEGORY_MAX_LENGTH, MESSAGES.categoryNameTooLong);

const month = z
  .number({ error: MESSAGES.budgetMonthInvalid })
  .int(MESSAGES.budgetMonthInvalid)
  .min(1, MESSAGES.budgetMonthInvalid)
  .max(12, MESSAGES.budgetMonthInvalid);

const year = z
  .number({ error: MESSAGES.budgetYearInvalid })
  .int(MESSAGES.budgetYearInvalid)
  .min(BUDGET_YEAR_MIN, MESSAGES.budgetYearInvalid)
  .max(BUDGET_YEAR_MAX, MESSAGES.budgetYearInvalid);

/** Ids are checked by the server (an unknown or malformed one is "not found"). */
export const budgetId = z.string({ error: MESSAGES.budgetNotFound }).max(100);

/** Carry what is left (or overspent) into the category's budget of the next month; unchanged when absent. */
const rollover = z.boolean({ error: 'Rollover must be true or false.' }).optional();

export const budgetFieldsInput = z.object({
  category: budgetCategory,
  amount: budgetAmountInput,
  month,
  year,
  rollover,
});
export type BudgetFields = z.output<typeof budgetFieldsInput>;

export const createBudgetInput = budgetFieldsInput;
export type CreateBudgetInput = BudgetFields;

export const updateBudgetInput = budgetFieldsInput.extend({ id: budgetId });
export type UpdateBudgetInput = z.output<typeof updateBudgetInput>;

export const budgetIdInput = z.object({ id: budgetId });

export const budgetOutput = z.object({
  id: z.string(),
  category: z.string(),
  /**
   * The decimal amount in the display currency; amountCents is exact, in that currency's minor unit (yen,
   * cents, fils). A budget set in another currency is converted (see amountConversion); without a rate it is
   * zero with the gap named there, shown as missing.
   */
  amount: z.number(),
  amountCents: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  /** Left-over or overspent money carries into the category's budget of the next month. */
  rollover: z.boolean(),
  /** The currency the budget was set in (ISO 4217): the display currency of when it was typed. */
  setIn: z.string(),
  /** Non-deleted expenses of the category dated in that month: a sum, so it may pass 2^53 cents. */
  spentCents: centsTotalOutput,
  /** amount − spent; negative when overspent. */
  remainingCents: centsTotalOutput,
  /**
   * How spent was made from expenses in other currencies than the display one (a budget is in the display
   * currency): each day's sum of a currency at that day's rate; absent when nothing was converted.
   */
  spentConversion: conversionOutput.optional(),
  /**
   * How the amount was converted when the budget was set in another currency than the display one: at the
   * rate of its month's last day (today for the current and future months), or missing; absent when not.
   */
  amountConversion: conversionOutput.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Budget = z.infer<typeof budgetOutput>;

export const budgetDeletedOutput = z.object({ id: z.string() });

/** A budget month: which month the view, or the copy, is about. */
export const budgetMonthInput = z.object({ month, year });
export type BudgetMonthInput = z.infer<typeof budgetMonthInput>;

/** One budget of the month view, in exact cents (sums may pass 2^53). */
export const budgetMonthLineOutput = z.object({
  id: z.string(),
  category: z.string(),
  rollover: z.boolean(),
  /** This month's amount. */
  budgetedCents: centsTotalOutput,
  /** Carried in from last month's budget of the category when that one rolls over (negative: overspent). */
  carriedCents: centsTotalOutput,
  spentCents: centsTotalOutput,
  /** budgeted + carried − spent; negative when overspent. */
  leftCents: centsTotalOutput,
  /**
   * How the amount, spent, and the amounts and spent of the months a carry comes from, were converted;
   * absent when not.
   */
  budgetedConversion: conversionOutput.optional(),
  spentConversion: conversionOutput.optional(),
  carriedConversion: conversionOutput.optional(),
});
export type BudgetMonthLine = z.infer<typeof budgetMonthLineOutput>;

/**
 * The budget month: each budget with what it had, spent and has left; the month's totals; and spending in
 * categories with no budget that month. Expenses and income exclude transfers, off-budget accounts and
 * rows dated after today (scheduled).
 */
export const budgetMonthOutput = z.object({
  month: z.number().int(),
  year: z.number().int(),
  budgets: z.array(budgetMonthLineOutput),
  unbudgeted: z.array(
    z.object({ category: z.string(), spentCents: centsTotalOutput, conversion: conversionOutput.optional() }),
  ),
  totals: z.object({
    budgetedCents: centsTotalOutput,
    carriedCents: centsTotalOutput,
    /** Spent in the budgeted categories. */
    spentCents: centsTotalOutput,
    leftCents: centsTotalOutput,
    /** Spent in categories without a budget this month. */
    unbudgetedCents: centsTotalOutput,
    incomeCents: centsTotalOutput,
  }),
  /** The display currency every figure is in (budgets are in it); absent from older answers. */
  currency: z.string().optional(),
  /** Per total, how it was converted from other currencies; a total that needed no rate is absent. */
  conversions: z
    .object({
      budgeted: conversionOutput.optional(),
      /** What the month has: budgeted + carried. */
      available: conversionOutput.optional(),
      spent: conversionOutput.optional(),
      carried: conversionOutput.optional(),
      left: conversionOutput.optional(),
      unbudgeted: conversionOutput.optional(),
      income: conversionOutput.optional(),
    })
    .optional(),
});
export type BudgetMonth = z.infer<typeof budgetMonthOutput>;

export const budgetsCopiedOutput = z.object({ copied: z.number().int() });
