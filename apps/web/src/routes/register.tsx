import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '~/features/auth/auth-layout';
import { RegisterForm } from '~/features/auth/register-form';
import { pageTitle, titled } from '~/lib/page-title';
import { loadSession } from '~/lib/session';

export const Route = createFileRoute('/register')({
  head: titled(pageTitle('Sign Up')),
  beforeLoad: async ({ context }) => {
    const user = await loadSession(context.queryClient);
    if (user) throw redirect({ to: user.isSetupComplete ? '/dashboard' : '/setup' });
  },
  component: () => (
    <AuthLayout title="Create Account" subtitle="Start managing your finances today">
      <RegisterForm />
    </AuthLayout>
  ),
});
