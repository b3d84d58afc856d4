import { createFileRoute } from '@tanstack/react-router';

import { PagePlaceholder } from '~/components/page-placeholder';

export const Route = createFileRoute('/_authed/_app/transactions')({
  component: TransactionsPage,
});

function TransactionsPage() {
  return (
    <PagePlaceholder title="Transactions" description="Record, search and export your income and expenses." />
  );
}
