import { CATEGORY_MAX_LENGTH } from '@paisable/contracts/limits';

import { parseDashboardSearch, type DashboardSearch } from '../dashboard/period';
import { ACCOUNT_ID } from '../transactions/search-params';

/** How many months "Income vs expense" shows, ending with the period's last month. */
export const MONTH_SPANS = [12, 24] as const;
export type MonthSpan = (typeof MONTH_SPANS)[number];

/**
 * The Reports page's URL: the dashboard's period (`?period=last-12-months`), one account or all, the months
 * of "Income vs expense" and the category whose trend is shown. A value the page could not have written is
 * dropped, never an error page.
 */
export type ReportsSearch = DashboardSearch & { account?: string; months?: MonthSpan; category?: string };

export function parseReportsSearch(raw: Record<string, unknown>): ReportsSearch {
  const account = typeof raw.account === 'string' && ACCOUNT_ID.test(raw.account) ? raw.account : undefined;
  const months = Number(raw.months) === 24 ? 24 : undefined;
  const category =
    typeof raw.category === 'string' && raw.category.trim() && raw.category.length <= CATEGORY_MAX_LENGTH
      ? raw.category
      : undefined;
  return {
    ...parseDashboardSearch(raw),
    ...(account && { account }),
    ...(months && { months }),
    ...(category && { category }),
  };
}

/** The `count` months ending with the month of `day`: `{ from: 'YYYY-MM', to: 'YYYY-MM' }`. */
export function monthsEndingOn(day: string, count: number): { from: string; to: string } {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - (count - 1);
  const from = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  return { from, to: day.slice(0, 7) };
}

/** The months a period of days touches. */
export const monthsOf = (from: string, to: string) => ({ from: from.slice(0, 7), to: to.slice(0, 7) });
