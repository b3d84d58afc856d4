import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

import { isWorkerMessage } from './messages';

/** What the offline banner shows: whether the network is gone, and how old the data on screen is. */
export type OfflineStatus = {
  offline: boolean;
  /** When the oldest answer served from the device since the page opened (or came back online) was stored. */
  oldestShownAt: number | null;
  /** The current page asked for data that was never stored here (only known without network). */
  missingOnDevice: boolean;
};

const ONLINE: OfflineStatus = { offline: false, oldestShownAt: null, missingOnDevice: false };
let status: OfflineStatus = ONLINE;
const listeners = new Set<() => void>();

function update(change: Partial<OfflineStatus>) {
  status = { ...status, ...change };
  for (const listener of listeners) listener();
}

/** After answers came from the device on a return visit, the page asks again: later asks go to the network. */
export const REFRESH_AFTER_MS = 400;

/**
 * Follows the browser's network state and the service worker's messages (`messages`: the worker's
 * container, navigator.serviceWorker). An answer served from the device while online (a return visit) is
 * refreshed once the page has shown it; back online, everything on screen is.
 */
export function watchOfflineStatus(
  queryClient: QueryClient,
  messages: EventTarget | undefined = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
) {
  if (typeof window === 'undefined') return;
  update({ ...ONLINE, offline: !navigator.onLine });
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshSoon = () => {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      void queryClient.invalidateQueries({ refetchType: 'active' }, { cancelRefetch: false });
    }, REFRESH_AFTER_MS);
  };
  window.addEventListener('offline', () => update({ offline: true }));
  window.addEventListener('online', () => {
    update(ONLINE);
    refreshSoon();
  });
  messages?.addEventListener('message', (event) => {
    const message: unknown = (event as MessageEvent).data;
    if (!isWorkerMessage(message)) return;
    if (message.type === 'not-on-device') {
      update({ offline: true, missingOnDevice: true });
      return;
    }
    const { oldestShownAt } = status;
    update({
      oldestShownAt: oldestShownAt === null ? message.storedAt : Math.min(oldestShownAt, message.storedAt),
      offline: status.offline || message.offline,
    });
    if (!message.offline) refreshSoon();
  });
}

/** A new page: whether its data is on the device is found out again. */
export function pageChanged() {
  if (status.missingOnDevice) update({ missingOnDevice: false });
}

export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => status,
  );
}
