import { useOfflineStatus } from '~/lib/offline/offline-status';
import { WifiOff } from 'lucide-react';

/** "Offline — showing data from …" above a signed-in page while the network is gone. */
export function OfflineBanner() {
  const { offline, oldestShownAt, missingOnDevice } = useOfflineStatus();
  if (!offline) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="mx-auto flex max-w-7xl items-start gap-2">
        <WifiOff size={16} className="mt-0.5 shrink-0" aria-hidden />
        <span>
          {missingOnDevice
            ? 'Offline — this page has not been opened on this device before, so it has nothing to show until you are back online.'
            : oldestShownAt !== null
              ? `Offline — showing data from ${shownTime(oldestShownAt)}.`
              : 'Offline — only pages opened before on this device can show their data.'}
        </span>
      </p>
    </div>
  );
}

/** "14:05" today, "25 Nov, 14:05" another day: when the data on screen was fetched. */
function shownTime(at: number): string {
  const date = new Date(at);
  const sameDay = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(undefined, {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
