import { QueryCache, QueryClient } from '@tanstack/react-query';

/** Called when the server refuses the token (expired, or the account is gone). Set by the session. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** A request outside the query cache (the offline queue's) was refused for its token. */
export function signalUnauthorized() {
  onUnauthorized();
}

/**
 * What a tRPC error carries (code, HTTP status), read without importing the tRPC client: this file is
 * part of every page's first script, and the public pages never load the client.
 */
function errorData(error: unknown): { code?: string; httpStatus?: number } | undefined {
  if (!(error instanceof Error) || !('data' in error)) return undefined;
  const data = (error as { data?: unknown }).data;
  return data && typeof data === 'object' ? data : undefined;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (errorData(error)?.code === 'UNAUTHORIZED') onUnauthorized();
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused request (4xx) will be refused again; only network and server failures are retried.
      // Offline, asking again only delays the page's message.
      retry: (failureCount, error) =>
        (typeof navigator === 'undefined' || navigator.onLine) &&
        (errorData(error)?.httpStatus ?? 500) >= 500 &&
        failureCount < 2,
    },
  },
});
