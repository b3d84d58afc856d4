import { DATA_CACHE_FAMILY } from './messages';

/**
 * Deletes every API answer the service worker stored on this device (all sessions': a shared phone keeps
 * nothing of the user who leaves). Called when a session ends: sign-out, account deletion, a refused token.
 */
export async function forgetDeviceData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(DATA_CACHE_FAMILY)).map((name) => caches.delete(name)),
  );
}
