import { createFileRoute } from '@tanstack/react-router';

import { PagePlaceholder } from '~/components/page-placeholder';

export const Route = createFileRoute('/_authed/_app/recurring-transactions')({
  component: RecurringTransactionsPage,
});

function RecurringTransactionsPage() {
  return (
    <PagePlaceholder
      title="Recurring Transactions"
      description="Salaries, rent and subscriptions that Paisable records for you on their due dates."
    />
  );
}
