import { todayInTimeZone, type MonthlyReportInput, type YearOverYear } from '@paisable/contracts';

import type { AppDeps } from '../../deps';
import { mergeConversions } from '../rates/sums';
import { rememberReport } from './remembered';
import { getMonthlyReport } from './service';

/** A month a year earlier: `2025-03` → `2024-03`. */
const yearBefore = (month: string) =>
  `${String(Number(month.slice(0, 4)) - 1).padStart(4, '0')}${month.slice(4)}`;

/**
 * Each month of the range beside the same month a year before: the monthly report twice, so the figures
 * are the same sums (transfers, off-budget accounts and scheduled rows left out; one account when asked).
 * Remembered as a whole too, so a repeated request gets the same object (and its JSON, written once) after
 * one read of the version instead of two.
 */
export async function getYearOverYear(
  deps: Pick<AppDeps, 'db' | 'now'>,
  params: { userId: string; timeZone: string; currency?: string } & MonthlyReportInput,
): Promise<YearOverYear> {
  const { from, to, account, currency } = params;
  const today = todayInTimeZone(params.timeZone, deps.now());
  const input = { from, to, account, currency };
  return rememberReport(
    deps.db,
    { userId: params.userId, report: 'year over year', input, today },
    async () => {
      const earlier = { ...params, from: yearBefore(params.from), to: yearBefore(params.to) };
      const [current, previous] = await Promise.all([
        getMonthlyReport(deps, params),
        getMonthlyReport(deps, earlier),
      ]);
      const conversion = mergeConversions([current.conversion, previous.conversion]);
      return {
        // Both ranges have the same number of months, so the entries pair up by position.
        months: current.months.map((row, index) => {
          const before = previous.months[index];
          const note = mergeConversions([row.conversion, before?.conversion]);
          return {
            month: row.month,
            previousMonth: before?.month ?? yearBefore(row.month),
            incomeCents: row.incomeCents,
            expenseCents: row.expenseCents,
            previousIncomeCents: before?.incomeCents ?? '0',
            previousExpenseCents: before?.expenseCents ?? '0',
            ...(note ? { conversion: note } : {}),
          };
        }),
        // Said as the monthly report says it: when converted, or in one account's own currency.
        ...((current.currency ?? previous.currency) !== undefined
          ? { currency: current.currency ?? previous.currency }
          : {}),
        ...(conversion ? { conversion } : {}),
      };
    },
  );
}
