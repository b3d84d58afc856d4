import { createFileRoute } from '@tanstack/react-router';

import { PagePlaceholder } from '~/components/page-placeholder';

export const Route = createFileRoute('/_authed/_app/dashboard')({
  component: DashboardPage,
});

function DashboardPage() {
  return (
    <PagePlaceholder
      title="Dashboard"
      description="Your income, expenses and balance at a glance, with charts of where your money goes."
    />
  );
}
