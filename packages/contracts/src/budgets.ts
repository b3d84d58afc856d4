import { z } from 'zod';

import { CATEGORY_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';
import { parseAmountToCents } from './money';

export const BUDGET_YEAR_MIN = 2000;
export const BUDGET_YEAR_MAX = 2100;
/** Progress thresholds in percent: green below the first, yellow below the second, red from it. */
export const BUDGET_WARNING_PERCENT = 80;
export const BUDGET_EXCEEDED_PERCENT = 100;

/** A budget may be zero ("spend nothing on this"), unlike a transaction; negatives are refused. */
export const budgetAmountInput = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? MESSAGES.amountRequired : MESSAGES.amountNotANumber),
  })
  .transform((value, ctx) => {
    if (isZeroAmount(value)) return 0;
    const result = parseAmountToCents(value);
    if (result.ok) return result.cents;
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

export const budgetFieldsInput = z
  .object({ category: budgetCategory, amount: budgetAmountInput, month, year })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type BudgetFields = z.output<typeof budgetFieldsInput>;

export const createBudgetInput = budgetFieldsInput;
export type CreateBudgetInput = BudgetFields;

export const updateBudgetInput = z
  .object({ id: budgetId, category: budgetCategory, amount: budgetAmountInput, month, year })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type UpdateBudgetInput = z.output<typeof updateBudgetInput>;

export const budgetIdInput = z.object({ id: budgetId });

export const budgetOutput = z.object({
  id: z.string(),
  category: z.string(),
  /** Decimal amounts for display; the *Cents twins are exact. */
  amount: z.number(),
  amountCents: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  /** Non-deleted expenses of the category dated in that month. */
  spent: z.number(),
  spentCents: z.number().int(),
  /** amount − spent; negative when overspent. */
  remaining: z.number(),
  remainingCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Budget = z.infer<typeof budgetOutput>;

export type BudgetStatus = 'ok' | 'warning' | 'exceeded';

/**
 * The progress in whole percent, floored and capped at 100, and its colour band taken from that same
 * number, so what is shown and its colour always agree: 79.98 % is "79%" and green, 80 % is "80%" and
 * yellow (rounding 79.98 up to "80%" in green would contradict the yellow 80 %). A zero budget is full
 * at once.
 */
export function budgetProgress(
  spentCents: number,
  amountCents: number,
): { percent: number; status: BudgetStatus } {
  const exact = amountCents === 0 ? (spentCents > 0 ? Infinity : 0) : (spentCents * 100) / amountCents;
  const percent = Math.floor(Math.min(exact, 100));
  const status: BudgetStatus =
    percent >= BUDGET_EXCEEDED_PERCENT ? 'exceeded' : percent >= BUDGET_WARNING_PERCENT ? 'warning' : 'ok';
  return { percent, status };
}

/** The month field clamps what was typed into 1–12 instead of refusing it, as the spec asks. */
export function clampMonth(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(12, Math.max(1, Math.trunc(value)));
}

/** A budget month as the calendar day it starts on, for the date bounds every stored date obeys. */
export function budgetMonthStart({ month, year }: { month: number; year: number }): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

export function duplicateBudgetMessage(category: string, month: number, year: number): string {
  return `A budget for ${category} in ${month}/${year} already exists.`;
}
