import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { Spinner } from '~/components/ui/spinner';
import { fetchPrivateFile } from '~/lib/rest';
import { trpc } from '~/lib/trpc';

/**
 * The receipt an expense was read from, if any. The file is private, so it is fetched with the token
 * and shown from an object URL (an <img src> cannot send the Authorization header).
 */
export function ReceiptImage({ transactionId }: { transactionId: string }) {
  const { data: receipt } = useQuery(trpc.receipts.forTransaction.queryOptions({ transactionId }));
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const fileUrl = receipt?.fileUrl;

  useEffect(() => {
    if (!fileUrl) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchPrivateFile(fileUrl)
      .then((created) => {
        objectUrl = created;
        if (cancelled) URL.revokeObjectURL(created);
        else setUrl(created);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileUrl]);

  if (!receipt) return null;
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-slate-600 dark:text-slate-400">Receipt</figcaption>
      {failed ? (
        <p className="text-sm text-red-700 dark:text-red-400">The receipt file could not be loaded.</p>
      ) : !url ? (
        <Spinner />
      ) : receipt.contentType === 'application/pdf' ? (
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          Open the receipt (PDF)
        </a>
      ) : (
        <img
          src={url}
          alt="The uploaded receipt"
          className="max-h-96 w-full rounded-lg border border-slate-200 object-contain dark:border-slate-700"
        />
      )}
    </figure>
  );
}
