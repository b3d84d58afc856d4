import type { CentsTotal } from './money';

export const BUDGET_YEAR_MIN = 2000;
export const BUDGET_YEAR_MAX = 2100;
/** Progress thresholds in percent: green below the first, yellow below the second, red from it. */
export const BUDGET_WARNING_PERCENT = 80;
export const BUDGET_EXCEEDED_PERCENT = 100;

export type BudgetStatus = 'ok' | 'warning' | 'exceeded';

/**
 * The progress in whole percent, floored and capped at 100, and its colour band taken from that same
 * number, so what is shown and its colour always agree: 79.98 % is "79%" and green, 80 % is "80%" and
 * yellow (rounding 79.98 up to "80%" in green would contradict the yellow 80 %). A zero budget is full
 * at once. Spent is a sum, so the ratio is taken in BigInt: exact at any size, and integer division of
 * what is never negative is the floor.
 */
export function budgetProgress(
  spentCents: CentsTotal,
  amountCents: number,
): { percent: number; status: BudgetStatus } {
  const spent = BigInt(spentCents);
  const floored = amountCents === 0 ? (spent > 0n ? 100n : 0n) : (spent * 100n) / BigInt(amountCents);
  const percent = Number(floored < 100n ? floored : 100n);
  const status: BudgetStatus =
    percent >= BUDGET_EXCEEDED_PERCENT ? 'exceeded' : percent >= BUDGET_WARNING_PERCENT ? 'warning' : 'ok';
  return { percent, status };
}

/** The month field clamps what was typed into 1–12 instead of refusing it, as the spec asks. */
export function clampMonth(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(12, Math.max(1, Math.trunc(value)));
}

/**
 * What the month box keeps of what was typed: a whole number out of range snaps to 1 or 12 (the spec's
 * clamping); anything else (empty, 5.5) stays as typed, so the form refuses it instead of guessing.
 */
export function clampTypedMonth(text: string): string {
  return /^\s*[+-]?\d+\s*$/.test(text) ? String(clampMonth(Number(text))) : text;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A budget's month as people say it: "November 2026" (never "11/2026", which reads as a day in some places). */
export function formatBudgetMonth(month: number, year: number): string {
  return `${MONTH_NAMES[month - 1] ?? month} ${year}`;
}

/** A budget month as the calendar day it starts on, for the date bounds every stored date obeys. */
export function budgetMonthStart({ month, year }: { month: number; year: number }): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

export function duplicateBudgetMessage(category: string, month: number, year: number): string {
  return `A budget for ${category} in ${formatBudgetMonth(month, year)} already exists.`;
}
