import type { QueryClient } from '@tanstack/react-query';
import { todayIn } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';

import { shownPeriod } from '../dashboard/period';
import { loadMonthBars } from './chart-chunk';
import { monthsEndingOn, type ReportsSearch } from './search';

/** The income vs expense report's input: the months of the span ending with the period, of one account or all. */
export function monthlyInputOf(search: ReportsSearch, timeZone: string) {
  const { to } = shownPeriod(search, todayIn(timeZone));
  return {
    ...monthsEndingOn(to, search.months ?? 12),
    ...(search.account ? { account: search.account } : {}),
  };
}

/**
 * Started by the route's loader, not awaited: the first chart's data (income vs expense) and its chart code
 * load at once, before the page renders, instead of the code only after the data arrived.
 */
export function prefetchFirstReport(queryClient: QueryClient, search: ReportsSearch) {
  void loadMonthBars();
  void queryClient
    .ensureQueryData(meQuery())
    .then((user) =>
      queryClient.prefetchQuery(trpc.reports.monthly.queryOptions(monthlyInputOf(search, user.timeZone))),
    )
    .catch(() => undefined); // the page asks again and shows its own error
}
