import { createFileRoute } from '@tanstack/react-router';
import { ReceiptReview } from '~/features/receipts/receipt-review';
import { pageTitle, titled } from '~/lib/page-title';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/receipts_/$receiptId')({
  head: titled(pageTitle('Review Receipt')),
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      queryClient.prefetchQuery(trpc.receipts.get.queryOptions({ id: params.receiptId })),
      queryClient.prefetchQuery(trpc.categories.list.queryOptions()),
    ]),
  component: ReceiptReviewRoute,
});

function ReceiptReviewRoute() {
  const { receiptId } = Route.useParams();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Receipt</h1>
      <ReceiptReview receiptId={receiptId} />
    </div>
  );
}
