import { QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';

import type { AppRouter } from '@paisable/api/trpc';
import { createPaisableClient, isPaisableError, isUnauthorized } from '@paisable/client';

import { getToken } from './token';

/** Called when the server refuses the token (expired, or the account is gone). Set by the session. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export { errorMessage, isUnauthorized, type RouterInputs, type RouterOutputs } from '@paisable/client';

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isUnauthorized(error)) onUnauthorized();
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused request (4xx) will be refused again; only network and server failures are retried.
      retry: (failureCount, error) =>
        !(isPaisableError(error) && (error.data?.httpStatus ?? 500) < 500) && failureCount < 2,
    },
  },
});

/** The same typed client other workspace apps use; same origin, with the token of the session. */
export const trpcClient = createPaisableClient({ url: '', token: getToken });

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
