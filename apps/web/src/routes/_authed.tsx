import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { loadSession, useTokenRenewal } from '~/lib/session';

/** Every page below needs a signed-in user; the stored token is checked before any of them renders. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context }) => {
    const user = await loadSession(context.queryClient);
    if (!user) throw redirect({ to: '/login' });
    return { user };
  },
  component: SignedIn,
});

function SignedIn() {
  useTokenRenewal();
  return <Outlet />;
}
