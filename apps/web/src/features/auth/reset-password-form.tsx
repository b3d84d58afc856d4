import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { firstProblem } from '~/lib/form-check';
import { trpc } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { AUTH_MESSAGES } from '@paisable/contracts/rules';

import { PasswordStrength } from './password-strength';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';

/** The token of the e-mailed link: after `#token=`, a fragment the browser never sends to a server. */
function tokenFromLink() {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** The page the e-mailed link opens: a new password under the sign-up rules, then sign in with it. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const [token] = useState(tokenFromLink);
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const form = useContractForm({
    initial: { newPassword: '' },
    check: (schemas, draft) =>
      firstProblem(schemas.resetPasswordInput, { token, ...draft }, ['token', 'newPassword']),
    failed: 'Could not change the password. Please try again.',
    save: async (draft) => {
      const { message } = await reset.mutateAsync({ token, ...draft });
      // The link is used up: it leaves the address bar and the history entry.
      window.history.replaceState(null, '', window.location.pathname);
      toast.success(message);
      void navigate({ to: '/login' });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit();
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Choose a new password. Every device signed in to your account is signed out.
      </p>
      {!token ? <ErrorBox>{AUTH_MESSAGES.resetLinkMissing}</ErrorBox> : null}
      {form.problem ? <ErrorBox>{form.problem}</ErrorBox> : null}
      <Field label="New password" hint={<PasswordStrength password={form.text('newPassword').value} />}>
        {(id) => (
          <PasswordInput
            id={id}
            autoComplete="new-password"
            required
            autoFocus
            {...form.text('newPassword')}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={form.isSaving || !token}>
        {form.isSaving ? 'Saving...' : 'Set the new password'}
      </Button>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className={linkClass}>
          Ask for a new link
        </Link>
      </p>
    </form>
  );
}
