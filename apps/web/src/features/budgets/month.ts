import { BUDGET_YEAR_MAX, BUDGET_YEAR_MIN } from '@paisable/contracts/rules';

export type BudgetMonthSearch = { month?: number; year?: number };
export type ShownMonth = { month: number; year: number };

/** `?month=3&year=2026` as the navigator writes it; anything else shows the current month. */
export function parseBudgetSearch(raw: Record<string, unknown>): BudgetMonthSearch {
  const month = Number(raw.month);
  const year = Number(raw.year);
  const valid =
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(year) &&
    year >= BUDGET_YEAR_MIN &&
    year <= BUDGET_YEAR_MAX;
  return valid ? { month, year } : {};
}

/** The month the page shows: the URL's, or the user's current month. */
export function shownMonth(search: BudgetMonthSearch, today: string): ShownMonth {
  if (search.month && search.year) return { month: search.month, year: search.year };
  return { month: Number(today.slice(5, 7)), year: Number(today.slice(0, 4)) };
}

/** The month `by` months away, or undefined past the years a budget may have. */
export function moveMonth({ month, year }: ShownMonth, by: number): ShownMonth | undefined {
  const index = year * 12 + month - 1 + by;
  const moved = { month: (index % 12) + 1, year: Math.floor(index / 12) };
  return moved.year < BUDGET_YEAR_MIN || moved.year > BUDGET_YEAR_MAX ? undefined : moved;
}
