import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '~/features/auth/auth-layout';
import { LoginForm } from '~/features/auth/login-form';
import { pageTitle, titled } from '~/lib/page-title';
import { loadSession } from '~/lib/session';

export const Route = createFileRoute('/login')({
  head: titled(pageTitle('Login')),
  beforeLoad: async ({ context }) => {
    const user = await loadSession(context.queryClient);
    if (user) throw redirect({ to: user.isSetupComplete ? '/dashboard' : '/setup' });
  },
  component: () => (
    <AuthLayout title="Welcome Back" subtitle="Sign in to continue to your account">
      <LoginForm />
    </AuthLayout>
  ),
});
