import { createFileRoute } from '@tanstack/react-router';
import { accountsQuery } from '~/features/accounts/accounts-query';
import { DashboardPage } from '~/features/dashboard/dashboard-page';
import { pageTitle, titled } from '~/lib/page-title';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/dashboard')({
  head: titled(pageTitle('Dashboard')),
  // Started, not awaited: the page shows at once with placeholders that the data then fills in.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(trpc.transactions.summary.queryOptions());
    void queryClient.prefetchQuery(trpc.transactions.charts.queryOptions());
    void queryClient.prefetchQuery(trpc.categories.list.queryOptions());
    void queryClient.prefetchQuery(accountsQuery());
  },
  component: DashboardPage,
});
