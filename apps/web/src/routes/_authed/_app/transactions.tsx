import { createFileRoute } from '@tanstack/react-router';
import { accountsQuery } from '~/features/accounts/accounts-query';
import { listInput, type TransactionSearch } from '~/features/transactions/filters';
import { droppedFilters, parseTransactionSearch } from '~/features/transactions/search-params';
import { TransactionsPage } from '~/features/transactions/transactions-page';
import { openingSearchOf } from '~/lib/opening-url';
import { pageTitle, titled } from '~/lib/page-title';
import { trpc } from '~/lib/trpc';
import { useCallback, useState } from 'react';

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

/**
 * The installed app's "Add expense" shortcut opens `/transactions?add=expense`: the new-transaction form
 * (an expense by default) opens once, on the visit it launched, not on every later visit of the page.
 */
let shortcutTaken = false;
function takeAddShortcut(): boolean {
  if (shortcutTaken || openingSearchOf('/transactions').add !== 'expense') return false;
  shortcutTaken = true;
  return true;
}

function TransactionsRoute() {
  const [startAdding] = useState(takeAddShortcut);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Changes apply to the latest search, not the one this render saw: two quick edits (From, then To)
  // before a re-render must both stay.
  const onSearchChange = useCallback(
    (change: (previous: TransactionSearch) => TransactionSearch) =>
      void navigate({ search: (previous) => change(previous), replace: true }),
    [navigate],
  );
  // What the opening link asked for that could not be used, named until dismissed or a filter changes.
  const [dismissed, setDismissed] = useState(false);
  const dropped = dismissed ? [] : droppedFilters(openingSearchOf('/transactions'), search);
  return (
    <TransactionsPage
      search={search}
      onSearchChange={onSearchChange}
      linkProblems={dropped}
      onDismissLinkProblems={() => setDismissed(true)}
      startAdding={startAdding}
    />
  );
}
