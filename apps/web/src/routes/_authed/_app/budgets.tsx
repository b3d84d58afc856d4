import { createFileRoute } from '@tanstack/react-router';

import { PagePlaceholder } from '~/components/page-placeholder';

export const Route = createFileRoute('/_authed/_app/budgets')({
  component: BudgetsPage,
});

function BudgetsPage() {
  return (
    <PagePlaceholder
      title="Budgets"
      description="Monthly budgets per category, with progress as you spend."
    />
  );
}
