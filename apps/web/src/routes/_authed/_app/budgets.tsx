import { createFileRoute } from '@tanstack/react-router';
import { BudgetsPage, budgetsQuery } from '~/features/budgets/budgets-page';
import { pageTitle, titled } from '~/lib/page-title';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/budgets')({
  head: titled(pageTitle('Budgets')),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.categories.list.queryOptions()),
      queryClient.prefetchQuery(budgetsQuery()),
    ]),
  component: BudgetsPage,
});
