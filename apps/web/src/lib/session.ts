import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from 'sonner';

import type { AuthResult, User } from '@paisable/contracts';

import { trpcQueryKey } from './early-data';
import { clearToken, getToken, setToken } from './token';
import { useHydrated } from './use-hydrated';

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

/**
 * The signed-in user, or null. A stored token is checked once by fetching the user; a refused token
 * is dropped silently (the user simply lands on the login page).
 */
export async function loadSession(queryClient: QueryClient): Promise<User | null> {
  if (!getToken()) return null;
  try {
    return await queryClient.ensureQueryData(meQuery());
  } catch {
    clearToken();
    queryClient.removeQueries(meQuery());
    return null;
  }
}

/** Stores a fresh session from login or signup. */
export function startSession(queryClient: QueryClient, { token, user }: AuthResult) {
  setToken(token);
  queryClient.setQueryData(meQuery().queryKey, user);
}

export function endSession(queryClient: QueryClient) {
  clearToken();
  queryClient.clear();
}

/**
 * The signed-in user, or undefined. While React attaches to a prerendered public page it is undefined
 * (the page was made for a visitor); the signed-in view follows in the next render. Until then the
 * visitor-only controls stay hidden (`data-visitor-only`, see styles.css), so no Login button flashes.
 */
export function useCurrentUser(): User | undefined {
  const user = useQuery({ ...meQuery(), enabled: getToken() !== null }).data;
  return useHydrated() ? user : undefined;
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    endSession(queryClient);
    toast.info('Logged out successfully.');
    void navigate({ to: '/login' });
  }, [navigate, queryClient]);
}
