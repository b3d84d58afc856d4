import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';

import { meQuery } from '../me-query';
import { signalUnauthorized } from '../query-client';
import { getToken } from '../token';
import { dropQueuedOfOthers, loadQueue, queueSnapshot, subscribeToQueue, type QueuedChange } from './outbox';
import { sendChange, sendQueued } from './send-queued';

/** No network now: a change is kept on the device instead of being sent. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The changes waiting on this device, oldest first; pages re-render when the queue changes. */
export function useQueuedChanges(): QueuedChange[] {
  return useSyncExternalStore(subscribeToQueue, queueSnapshot, queueSnapshot);
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : `${count} ${many}`);

/**
 * Sends what waits on the device now (a signed-in user with network), then refreshes what is shown. Only
 * the signed-in user's own changes go: another user's, kept after their session ended, are dropped first.
 */
export async function sendQueuedNow(queryClient: QueryClient): Promise<void> {
  if (isOffline() || !getToken()) return;
  const me = await queryClient.ensureQueryData(meQuery()).catch(() => null);
  if (!me) return; // no answer (the user is found out again later) or refused (the session ends below)
  await dropQueuedOfOthers(me.id);
  const report = await sendQueued((change) => sendChange(change, getToken()));
  // The session ended while they waited: the user signs in again, and the changes go out then.
  if (report.signedOut) signalUnauthorized();
  if (report.sent > 0 || report.alreadyGone > 0) {
    await queryClient.invalidateQueries();
  }
  if (report.sent > 0) {
    toast.success(
      `${plural(report.sent, 'A change', 'changes')} made offline ${report.sent === 1 ? 'was' : 'were'} saved`,
    );
  }
  if (report.alreadyGone > 0) {
    toast.info(
      `${plural(report.alreadyGone, 'A transaction', 'transactions')} you deleted offline had already been deleted elsewhere`,
    );
  }
}

/**
 * Reads the queue once the app starts and sends it; sends again whenever the network comes back.
 * Changes the server would not apply stay queued with their reason (components/queued-problems.tsx).
 */
export function watchQueue(queryClient: QueryClient) {
  if (typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
  void loadQueue()
    .then(() => sendQueuedNow(queryClient))
    .catch(() => undefined); // No device storage (a private window may refuse it): nothing was queued.
  window.addEventListener('online', () => void sendQueuedNow(queryClient).catch(() => undefined));
}
