import type { QueryClient } from '@tanstack/react-query';

/** A call the page's inline script started before any of the app's code arrived (see index.html). */
type EarlyCall = { path: string; input?: unknown; response: Promise<Response> };

declare global {
  interface Window {
    __paisableEarly?: EarlyCall[];
  }
}

/** The key tRPC's query options give a query (`trpc.auth.me.queryKey()`), built without the client. */
export function trpcQueryKey(path: string, input?: unknown) {
  return [path.split('.'), input === undefined ? { type: 'query' } : { input, type: 'query' }] as const;
}

/**
 * Hands the answers of the early calls to the query cache, so the signed-in shell renders with data that
 * was on its way while its code downloaded. A refused or failed early call is made again by the tRPC
 * client, which raises the usual typed errors (an expired token ends the session as before).
 */
export function adoptEarlyData(queryClient: QueryClient) {
  const calls = window.__paisableEarly ?? [];
  window.__paisableEarly = [];
  for (const call of calls) {
    void queryClient.prefetchQuery({
      queryKey: trpcQueryKey(call.path, call.input),
      queryFn: () => call.response.then(resultOf).catch(() => callAgain(call)),
    });
  }
}

async function resultOf(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as { result?: { data?: unknown } };
  if (!body.result || !('data' in body.result)) throw new Error('Not a tRPC result');
  return body.result.data;
}

async function callAgain(call: EarlyCall): Promise<unknown> {
  // The tRPC client comes with the first signed-in screen's code, never in the first script.
  const { queryByPath } = await import('./trpc');
  return queryByPath(call.path, call.input);
}
