import { createFileRoute } from '@tanstack/react-router';
import { accountsQuery } from '~/features/accounts/accounts-query';
import { prefetchFirstReport } from '~/features/reports/prefetch';
import { ReportsPage } from '~/features/reports/reports-page';
import { parseReportsSearch } from '~/features/reports/search';
import { pageTitle, titled } from '~/lib/page-title';
import { useCallback } from 'react';

export const Route = createFileRoute('/_authed/_app/reports')({
  head: titled(pageTitle('Reports')),
  validateSearch: parseReportsSearch,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the page shows at once and each report fills in as it arrives; the first
  // chart's data and code load side by side.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(accountsQuery());
    prefetchFirstReport(queryClient, deps);
  },
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: typeof search) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <ReportsPage search={search} onSearchChange={onSearchChange} />;
}
