/** What the service worker (sw/service-worker.ts) tells a page about the data it answered with. */
export type WorkerMessage =
  /** Stored answers were served: at once on a return visit (`offline: false`), or for want of network. */
  | { type: 'served-from-device'; storedAt: number; offline: boolean }
  /** No network, and this page's data was never stored on the device. */
  | { type: 'not-on-device' };

/** Every cache of API answers, whatever its layout version: what signing out deletes. */
export const DATA_CACHE_FAMILY = 'paisable-data-';

/**
 * Caches holding one session's API answers start with this; the version changes when their layout does
 * (the worker then drops the older ones).
 */
export const DATA_CACHE_PREFIX = `${DATA_CACHE_FAMILY}v1-`;

export function isWorkerMessage(data: unknown): data is WorkerMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'served-from-device' || type === 'not-on-device';
}
