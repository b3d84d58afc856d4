import { createFileRoute } from '@tanstack/react-router';

import { ReceiptUploadForm } from '~/features/receipts/receipt-upload-form';

export const Route = createFileRoute('/_authed/_app/receipts')({
  component: ReceiptsPage,
});

function ReceiptsPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Upload Receipt</h1>
      <ReceiptUploadForm />
    </div>
  );
}
