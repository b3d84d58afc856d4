import { createFileRoute } from '@tanstack/react-router';
import { RecurringPage, recurringQuery } from '~/features/recurring/recurring-page';
import { pageTitle, titled } from '~/lib/page-title';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/recurring-transactions')({
  head: titled(pageTitle('Recurring Transactions')),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.categories.list.queryOptions()),
      queryClient.prefetchQuery(recurringQuery()),
    ]),
  component: RecurringPage,
});
