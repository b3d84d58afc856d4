import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '~/features/auth/auth-layout';
import { ForgotPasswordForm } from '~/features/auth/forgot-password-form';
import { pageTitle, titled } from '~/lib/page-title';
import { loadSession } from '~/lib/session';

export const Route = createFileRoute('/forgot-password')({
  head: titled(pageTitle('Forgot Password')),
  beforeLoad: async ({ context }) => {
    const user = await loadSession(context.queryClient);
    if (user) throw redirect({ to: user.isSetupComplete ? '/dashboard' : '/setup' });
  },
  component: () => (
    <AuthLayout title="Forgot Password" subtitle="Get a link to choose a new one">
      <ForgotPasswordForm />
    </AuthLayout>
  ),
});
