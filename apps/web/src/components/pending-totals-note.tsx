import { useQueuedChanges } from '~/lib/offline/queue-sync';
import { CloudOff } from 'lucide-react';

/**
 * Totals come from the server, so changes waiting on this device (made offline) are not in them yet. A
 * page with totals says so while any wait, so a total never silently disagrees with the list beside it.
 * `what` names what the page shows ("Totals", "Totals and exports").
 */
export function PendingTotalsNote({ what = 'Totals' }: { what?: string }) {
  const count = useQueuedChanges().length;
  if (count === 0) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950/60 dark:text-sky-100"
    >
      <CloudOff size={16} className="mt-0.5 shrink-0" aria-hidden />
      <span>
        {what} leave out {count === 1 ? '1 change' : `${count} changes`} waiting to be sent.
      </span>
    </p>
  );
}
