import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { toast } from 'sonner';

import type { AuthResult, User } from '@paisable/contracts';

import { meQuery } from './me-query';
import { forgetDeviceData } from './offline/device-data';
import { clearQueue } from './offline/outbox';
import { sendQueuedNow } from './offline/queue-sync';
import { clearToken, getToken, markTokenRenewed, setToken, tokenRenewalDue } from './token';
import { useHydrated } from './use-hydrated';

export { meQuery } from './me-query';

/**
 * The signed-in user, or null. A stored token is checked once by fetching the user; a refused token
 * is dropped silently (the user simply lands on the login page).
 */
export async function loadSession(queryClient: QueryClient): Promise<User | null> {
  if (!getToken()) return null;
  try {
    return await queryClient.ensureQueryData(meQuery());
  } catch (error) {
    // Unreachable (offline, the server down): the session may still be valid, so its token is kept for
    // when the server answers again.
    if (refusedByServer(error)) clearToken();
    queryClient.removeQueries(meQuery());
    return null;
  }
}

/** A 4xx answer (the token is unknown or expired), as opposed to no answer or a server failure. */
function refusedByServer(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Stores a fresh session from login or signup. */
export function startSession(queryClient: QueryClient, { token, user }: AuthResult) {
  setToken(token);
  markTokenRenewed();
  queryClient.setQueryData(meQuery().queryKey, user);
  // Changes this user made offline before their session ended go out now; another user's are dropped.
  void sendQueuedNow(queryClient).catch(() => undefined);
}

/**
 * Ends the session on this device. Signing out drops the changes made offline and not yet sent (they are
 * the leaving user's; the sign-out dialog warns first). A session the server ended (an expired token, "sign
 * out everywhere") keeps them on the device for the same user's next sign-in: they were never refused,
 * only not yet sent, and the user had no say. Another user signing in drops them.
 */
export function endSession(queryClient: QueryClient, { keepOfflineChanges = false } = {}) {
  clearToken();
  queryClient.clear();
  // The answers stored for offline use go in every case: a shared phone keeps nothing of the server's.
  void forgetDeviceData();
  if (!keepOfflineChanges) void clearQueue().catch(() => undefined);
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
    // The server ends the session, so the token is worthless even if a copy of it was kept. Signed out
    // here whatever the answer: a refused or unreachable server must not keep the user in.
    void import('./trpc')
      .then(({ trpcClient }) => trpcClient.auth.logout.mutate())
      .catch(() => undefined)
      .then(() => {
        endSession(queryClient);
        toast.info('Logged out successfully.');
        void navigate({ to: '/login' });
      });
  }, [navigate, queryClient]);
}

/** How often the signed-in app checks whether its token is due for renewal. */
const RENEWAL_CHECK_MS = 60_000;

/**
 * Trades the token for a new one every 15 minutes while the app is open (the server accepts the old
 * one for a minute more), so a token copied from this browser's storage soon stops working. Tabs share
 * the stored token and the time of the last renewal, so one tab renews for all.
 */
export function useTokenRenewal() {
  useEffect(() => {
    const renewIfDue = async () => {
      if (!getToken() || !tokenRenewalDue()) return;
      markTokenRenewed(); // claimed before the call, so another tab does not renew at the same moment
      try {
        const { trpcClient } = await import('./trpc');
        const { token } = await trpcClient.auth.renew.mutate();
        if (getToken()) setToken(token);
      } catch {
        // Refused: the session has ended, and the next request's 401 signs the user out.
      }
    };
    void renewIfDue();
    const timer = setInterval(() => void renewIfDue(), RENEWAL_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
}
