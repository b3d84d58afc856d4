import {
  budgetMonthStart,
  MESSAGES,
  monthEndOf,
  parseAmountInCurrency,
  type BudgetMonthInput,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { convertTotals } from '../rates/service';
import { addConverted, type ConvertedSum } from '../rates/sums';

/*
 * A budget is kept in the currency it was set in (migration 0042). Shown in another display currency, its
 * amount is converted at the rate in force on its month's last day: the money the user set aside for that
 * month, valued as the month ends. The current and future months have no such day yet: today's rate.
 * The rate is found as every other figure's is (rates/lookup.ts: the nearest earlier one, none older than
 * RATE_MAX_AGE_DAYS, a typed one winning); without one the amount is missing (zero with a note naming the
 * currency and day, shown as "—" / "≈ rate missing"), never taken at 1.
 */

export type StoredBudgetAmount = BudgetMonthInput & { amountCents: number; currency: string };

/** The day whose rate converts a budget of the month: its last day, or today while it has not ended. */
export function budgetRateDay(budget: BudgetMonthInput, today: string): string {
  const end = monthEndOf(budgetMonthStart(budget));
  return end < today ? end : today;
}

/**
 * Each budget's amount in `display` (its minor units), with the note of the rate used or missing; a budget
 * already in `display` is its stored amount, without a note. One rate statement for all of them, none
 * when every budget is in the display currency.
 */
export async function budgetAmountsIn(
  db: Queryable,
  {
    userId,
    display,
    today,
    budgets,
  }: { userId: string; display: string; today: string; budgets: readonly StoredBudgetAmount[] },
): Promise<ConvertedSum[]> {
  if (budgets.every((budget) => budget.currency === display)) {
    return budgets.map((budget) => ({ minor: BigInt(budget.amountCents) }));
  }
  const groups = await convertTotals(
    { db },
    {
      userId,
      to: display,
      groups: budgets.map((budget) => ({
        day: budgetRateDay(budget, today),
        currency: budget.currency,
        amountMinor: BigInt(budget.amountCents),
      })),
    },
  );
  return groups.map((group) => addConverted([group]));
}

/**
 * The amount the user typed (decimal text, checked by the contract) in the display currency's minor unit:
 * "1.234" BHD is 1234 fils; "12.5" JPY and "12.345" USD are refused with the currency's own message. Zero is
 * a budget ("spend nothing here").
 */
export function budgetMinorIn(amount: string, currency: string): number {
  if (/^0*(\.0*)?$/.test(amount)) return 0;
  const read = parseAmountInCurrency(amount, currency);
  if (!read.ok) {
    throw new AppError(
      'BAD_REQUEST',
      read.message === MESSAGES.amountNotPositive ? MESSAGES.budgetAmountNegative : read.message,
    );
  }
  return read.minor;
}
