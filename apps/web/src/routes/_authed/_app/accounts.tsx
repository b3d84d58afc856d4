import { createFileRoute } from '@tanstack/react-router';
import { AccountsPage } from '~/features/accounts/accounts-page';
import { accountsQuery } from '~/features/accounts/accounts-query';
import { pageTitle, titled } from '~/lib/page-title';

export const Route = createFileRoute('/_authed/_app/accounts')({
  head: titled(pageTitle('Accounts')),
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(accountsQuery()),
  component: AccountsPage,
});
