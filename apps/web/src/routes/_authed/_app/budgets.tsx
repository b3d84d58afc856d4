import { createFileRoute } from '@tanstack/react-router';
import { BudgetsPage, budgetsQuery } from '~/features/budgets/budgets-page';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/budgets')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.categories.list.queryOptions()),
      queryClient.prefetchQuery(budgetsQuery()),
    ]),
  component: BudgetsPage,
});
