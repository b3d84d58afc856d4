/**
 * The app's service worker (built to dist/sw.js by vite.sw.config.ts; the file list is written into it by
 * scripts/precache-manifest.mjs once every page is built).
 *
 * - The app's files (hashed assets, the shell, the prerendered pages, icons) are stored on install and
 *   answered from the device: a return visit asks the network for nothing before it paints.
 * - A new release installs beside the old one and waits; the page offers it and takes it on the next
 *   navigation with a full reload (src/lib/offline/service-worker-client.ts), so old HTML never runs with
 *   new code.
 * - The signed-in pages' data (tRPC GET queries) is stored per call, in a cache named after a hash of the
 *   session's id (the part of the token a renewal keeps): another user on the same device never reads it, and signing out deletes it.
 *   The first time a page asks for a call, the stored answer comes at once and the page is told to
 *   refresh it; every later request goes to the network first, so data never goes stale after an edit.
 *   Without network, the stored answers are served and the page is told when they were stored.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import { DATA_CACHE_FAMILY, DATA_CACHE_PREFIX, type WorkerMessage } from '../src/lib/offline/messages';
import { callsOf, type StoredCall as Call } from '../src/lib/offline/trpc-calls';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Public pages prerendered at build time (dist/pages/<name>.html); every other page starts from the shell. */
const PRERENDERED: Record<string, string> = {
  '/': '/pages/index.html',
  '/login': '/pages/login.html',
  '/register': '/pages/register.html',
  '/contact': '/pages/contact.html',
  '/terms': '/pages/terms.html',
};

/** Paths that are the server's, never a page of the app. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/trpc(\/|$)/, /^\/docs(\/|$)/, /^\/openapi/, /^\/sw\.js$/];

// Pages first: the precache's own route would answer `/` with the signed-in shell.
registerRoute(
  new NavigationRoute(
    async ({ url, request }) => {
      const path = url.pathname.replace(/(.)\/+$/, '$1');
      const page = PRERENDERED[path];
      const stored = (page ? await matchPrecache(page) : undefined) ?? (await matchPrecache('/index.html'));
      // Not stored (the install failed half way): the server answers as if there were no worker.
      return stored ?? fetch(request);
    },
    { denylist: SERVER_PATHS },
  ),
);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'apply-update') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Data stored by an older layout of these caches is dropped; the current one stays.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(DATA_CACHE_FAMILY) && !name.startsWith(DATA_CACHE_PREFIX))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith('/trpc/')) return;
  const authorization = request.headers.get('authorization');
  if (!authorization) return;
  event.respondWith(answerData(request, url, authorization, event.clientId));
});

/** Keys each page has already been answered for: its first ask may be served from the device, no later one. */
const askedByClient = new Map<string, Set<string>>();

function firstAsks(clientId: string, calls: Call[]): boolean {
  if (!clientId) return false;
  let asked = askedByClient.get(clientId);
  if (!asked) {
    if (askedByClient.size > 50) askedByClient.clear();
    asked = new Set();
    askedByClient.set(clientId, asked);
  }
  const first = calls.every((call) => !asked.has(call.key));
  for (const call of calls) asked.add(call.key);
  return first;
}

async function answerData(request: Request, url: URL, authorization: string, clientId: string) {
  const calls = callsOf(url);
  // Calls that change something on the server, and sign-in flows, are never stored.
  if (!calls || calls.some((call) => call.path.startsWith('auth.') && call.path !== 'auth.me')) {
    return fetch(request);
  }
  const cacheName = await dataCacheName(authorization);
  const cache = await caches.open(cacheName);
  const batch = url.searchParams.get('batch') === '1';
  if (firstAsks(clientId, calls)) {
    const stored = await storedAnswer(cache, calls, batch);
    if (stored) {
      void tell(clientId, { type: 'served-from-device', storedAt: stored.storedAt, offline: false });
      return stored.response;
    }
  }
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const stored = await storedAnswer(cache, calls, batch);
    if (stored) {
      void tell(clientId, { type: 'served-from-device', storedAt: stored.storedAt, offline: true });
      return stored.response;
    }
    void tell(clientId, { type: 'not-on-device' });
    if (error instanceof Error) return notOnDevice(calls, batch);
    throw error;
  }
  if (response.status === 401) {
    // The token is refused (expired, signed out elsewhere, account deleted): what it stored goes.
    await caches.delete(cacheName);
  } else if (response.ok) {
    await store(cache, calls, batch, response.clone());
  }
  return response;
}

async function store(cache: Cache, calls: Call[], batch: boolean, response: Response) {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return;
  }
  const results = batch ? (Array.isArray(body) ? (body as unknown[]) : []) : [body];
  const storedAt = String(Date.now());
  await Promise.all(
    calls.map((call, index) => {
      const result = results[index] as { result?: unknown } | undefined;
      // An error (refused, not found) is never stored: offline, the page says it has no data instead.
      if (!result || typeof result !== 'object' || !('result' in result)) return Promise.resolve();
      return cache.put(
        call.key,
        new Response(JSON.stringify(result), {
          headers: { 'content-type': 'application/json', 'x-stored-at': storedAt },
        }),
      );
    }),
  );
}

/** The answer assembled from stored calls (all of them, or none), with when the oldest was stored. */
async function storedAnswer(cache: Cache, calls: Call[], batch: boolean) {
  const stored = await Promise.all(calls.map((call) => cache.match(call.key, { ignoreVary: true })));
  if (stored.some((response) => !response)) return undefined;
  const responses = stored as Response[];
  const results = await Promise.all(responses.map((response) => response.json() as Promise<unknown>));
  const storedAt = Math.min(...responses.map((response) => Number(response.headers.get('x-stored-at'))));
  return {
    storedAt,
    response: new Response(JSON.stringify(batch ? results : results[0]), {
      headers: { 'content-type': 'application/json' },
    }),
  };
}

/** A tRPC error for each call, in words the page shows: nothing of this page is on the device yet. */
function notOnDevice(calls: Call[], batch: boolean): Response {
  const errors = calls.map((call) => ({
    error: {
      message:
        'You are offline, and this page has not been opened on this device before, so none of its data is saved here. It will load once you are back online.',
      code: -32603,
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: call.path },
    },
  }));
  return new Response(JSON.stringify(batch ? errors : errors[0]), {
    status: 503,
    headers: { 'content-type': 'application/json' },
  });
}

async function tell(clientId: string, message: WorkerMessage) {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage(message);
}

/**
 * The data cache of one session, named after a hash of its id (the token's part before the dot, which
 * stays the same when the token is renewed every 15 minutes), never the token itself.
 */
async function dataCacheName(authorization: string): Promise<string> {
  const session = authorization.replace(/^Bearer\s+/i, '').split('.')[0] ?? authorization;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(session));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${DATA_CACHE_PREFIX}${hex.slice(0, 32)}`;
}
