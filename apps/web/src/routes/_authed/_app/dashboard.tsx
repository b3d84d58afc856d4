import { createFileRoute } from '@tanstack/react-router';
import { accountsQuery } from '~/features/accounts/accounts-query';
import { DashboardPage } from '~/features/dashboard/dashboard-page';
import { parseDashboardSearch, shownPeriod } from '~/features/dashboard/period';
import { todayIn } from '~/lib/format';
import { pageTitle, titled } from '~/lib/page-title';
import { trpc } from '~/lib/trpc';
import { useCallback } from 'react';

export const Route = createFileRoute('/_authed/_app/dashboard')({
  head: titled(pageTitle('Dashboard')),
  validateSearch: parseDashboardSearch,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the page shows at once with placeholders that the data then fills in.
  loader: ({ context: { queryClient, user }, deps }) => {
    const { input } = shownPeriod(deps, todayIn(user.timeZone));
    void queryClient.prefetchQuery(trpc.transactions.summary.queryOptions(input));
    void queryClient.prefetchQuery(trpc.transactions.charts.queryOptions(input));
    void queryClient.prefetchQuery(trpc.categories.list.queryOptions());
    void queryClient.prefetchQuery(accountsQuery());
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: typeof search) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <DashboardPage search={search} onSearchChange={onSearchChange} />;
}
