/** The dashboard's daily charts cover this many calendar days, ending today in the user's time zone. */
export const CHART_WINDOW_DAYS = 30;

/** All-time expense total of one category; decimal amount and exact cents. */
export type CategoryTotal = { name: string; total: number; totalCents: number };

/** One calendar day (`YYYY-MM-DD`) of a daily series; decimal amount and exact cents. */
export type DayTotal = { date: string; total: number; totalCents: number };

/**
 * The dashboard charts. `expensesByCategory` is all-time, largest first. The two daily series hold every
 * day from `from` to `to` (the last 30 days where the user is), oldest first, days without data as zero.
 */
export type ChartsData = {
  from: string;
  to: string;
  expensesByCategory: CategoryTotal[];
  expensesOverTime: DayTotal[];
  incomeOverTime: DayTotal[];
};
