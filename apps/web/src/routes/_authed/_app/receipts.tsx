import { createFileRoute } from '@tanstack/react-router';

import { PagePlaceholder } from '~/components/page-placeholder';

export const Route = createFileRoute('/_authed/_app/receipts')({
  component: ReceiptsPage,
});

function ReceiptsPage() {
  return (
    <PagePlaceholder
      title="Receipts"
      description="Upload a receipt and Paisable reads it into an expense for you."
    />
  );
}
