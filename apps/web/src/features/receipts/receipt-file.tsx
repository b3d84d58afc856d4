import { Spinner } from '~/components/ui/spinner';
import { fetchPrivateFile } from '~/lib/rest';
import { useEffect, useState } from 'react';

import type { ReceiptContentType } from '@paisable/contracts';

/**
 * An uploaded receipt file. Files are private, so it is fetched with the token and shown from an object
 * URL (an <img src> cannot send the Authorization header); a PDF opens in a new tab.
 */
export function ReceiptFile({
  fileUrl,
  contentType,
  className,
}: {
  fileUrl: string;
  contentType: ReceiptContentType;
  className?: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  // Browsers other than Safari cannot show a HEIC photo: it is offered as a download instead.
  const [unshown, setUnshown] = useState(false);

  useEffect(() => {
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

  if (failed) {
    return <p className="text-sm text-red-700 dark:text-red-400">The receipt file could not be loaded.</p>;
  }
  if (!url) return <Spinner label="Loading the receipt" />;
  if (contentType === 'application/pdf') {
    return (
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="text-sm font-medium text-brand-700 underline dark:text-brand-300"
      >
        Open the receipt (PDF)
      </a>
    );
  }
  if (unshown) {
    return (
      <a href={url} download className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
        {contentType === 'image/heic'
          ? 'Download the receipt photo (this browser cannot show HEIC)'
          : 'Download the receipt (it could not be shown here)'}
      </a>
    );
  }
  return (
    <img
      src={url}
      onError={() => setUnshown(true)}
      alt="The uploaded receipt"
      className={
        className ??
        'max-h-96 w-full rounded-lg border border-slate-200 bg-white object-contain dark:border-slate-700'
      }
    />
  );
}
