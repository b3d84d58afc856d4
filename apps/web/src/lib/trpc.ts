import type { AppRouter } from '@paisable/api/trpc';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';

import { getToken } from './token';

/** Called when the server refuses the token (expired, or the account is gone). Set by the session. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

function isTrpcError(error: unknown): error is TRPCClientError<AppRouter> {
  return error instanceof TRPCClientError;
}

export function isUnauthorized(error: unknown): boolean {
  return isTrpcError(error) && error.data?.code === 'UNAUTHORIZED';
}

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
        !(isTrpcError(error) && (error.data?.httpStatus ?? 500) < 500) && failureCount < 2,
    },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      headers: () => {
        const token = getToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The server's message for a failed call, or the fallback when the server could not be reached. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isTrpcError(error) && error.data?.code && error.message) return error.message;
  return fallback;
}
