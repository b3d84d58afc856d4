import { createFileRoute } from '@tanstack/react-router';
import { accountsQuery } from '~/features/accounts/accounts-query';
import { listInput, type TransactionSearch } from '~/features/transactions/filters';
import { parseTransactionSearch } from '~/features/transactions/search-params';
import { TransactionsPage } from '~/features/transactions/transactions-page';
import { pageTitle, titled } from '~/lib/page-title';
import { trpc } from '~/lib/trpc';
import { useCallback } from 'react';

export const Route = createFileRoute('/_authed/_app/transactions')({
  head: titled(pageTitle('Transactions')),
  validateSearch: parseTransactionSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.categories.list.queryOptions()),
      queryClient.prefetchQuery(trpc.transactions.list.queryOptions(listInput(deps))),
      queryClient.prefetchQuery(accountsQuery()),
    ]),
  component: TransactionsRoute,
});

function TransactionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Changes apply to the latest search, not the one this render saw: two quick edits (From, then To)
  // before a re-render must both stay.
  const onSearchChange = useCallback(
    (change: (previous: TransactionSearch) => TransactionSearch) =>
      void navigate({ search: (previous) => change(previous), replace: true }),
    [navigate],
  );
  return <TransactionsPage search={search} onSearchChange={onSearchChange} />;
}
