import { createFileRoute } from '@tanstack/react-router';
import { RecurringPage, recurringQuery } from '~/features/recurring/recurring-page';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/recurring-transactions')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.categories.list.queryOptions()),
      queryClient.prefetchQuery(recurringQuery()),
    ]),
  component: RecurringPage,
});
