import { createFileRoute } from '@tanstack/react-router';
import { AccountsPage } from '~/features/accounts/accounts-page';
import { accountsQuery } from '~/features/accounts/accounts-query';

export const Route = createFileRoute('/_authed/_app/accounts')({
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(accountsQuery()),
  component: AccountsPage,
});
