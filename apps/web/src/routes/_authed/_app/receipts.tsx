import { createFileRoute } from '@tanstack/react-router';
import { ReceiptUploadForm } from '~/features/receipts/receipt-upload-form';
import { ReceiptsList } from '~/features/receipts/receipts-list';
import { pageTitle, titled } from '~/lib/page-title';
import { useCurrentUser } from '~/lib/session';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_authed/_app/receipts')({
  head: titled(pageTitle('Receipts')),
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(trpc.receipts.list.queryOptions()),
  component: ReceiptsPage,
});

function ReceiptsPage() {
  const user = useCurrentUser();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Upload Receipt</h1>
      <ReceiptUploadForm />
      <section className="max-w-xl space-y-3" aria-labelledby="recent-receipts">
        <h2 id="recent-receipts" className="text-lg font-semibold">
          Recent receipts
        </h2>
        <ReceiptsList currency={user?.defaultCurrency ?? 'USD'} />
      </section>
    </div>
  );
}
