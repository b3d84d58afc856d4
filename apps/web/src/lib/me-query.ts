import { queryOptions } from '@tanstack/react-query';

import type { User } from '@paisable/contracts';

import { trpcQueryKey } from './early-data';

/**
 * The signed-in user (tRPC `auth.me`, same cache key as `trpc.auth.me.queryOptions()`). The tRPC client
 * is loaded only when the user is fetched, so a visitor without a token never downloads it.
 */
export const meQuery = () =>
  queryOptions({
    queryKey: trpcQueryKey('auth.me'),
    queryFn: async (): Promise<User> => (await import('./trpc')).trpcClient.auth.me.query(),
    staleTime: Infinity,
  });
