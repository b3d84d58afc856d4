import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '~/features/auth/auth-layout';
import { ResetPasswordForm } from '~/features/auth/reset-password-form';
import { pageTitle, titled } from '~/lib/page-title';

// Open to anyone signed in or not: the link comes from an e-mail, and using it signs every session out.
export const Route = createFileRoute('/reset-password')({
  head: titled(pageTitle('New Password')),
  component: () => (
    <AuthLayout title="New Password" subtitle="Choose the password you will sign in with">
      <ResetPasswordForm />
    </AuthLayout>
  ),
});
