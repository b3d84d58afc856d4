import { useQuery } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

import { ReceiptFile } from './receipt-file';

/** The receipt an expense was read from, if any (shown in the transaction's details). */
export function ReceiptImage({ transactionId }: { transactionId: string }) {
  const { data: receipt } = useQuery(trpc.receipts.forTransaction.queryOptions({ transactionId }));
  if (!receipt) return null;
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-slate-600 dark:text-slate-400">Receipt</figcaption>
      <ReceiptFile fileUrl={receipt.fileUrl} contentType={receipt.contentType} />
    </figure>
  );
}
