import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { useQueuedChanges } from '~/lib/offline/queue-sync';
import { startSession } from '~/lib/session';
import { errorMessage, trpc } from '~/lib/trpc';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { MESSAGES } from '@paisable/contracts/rules';

import { TwoFactorStep } from './two-factor-step';

export function LoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // Set when the password was right and the account asks for a code: the second step shows instead.
  const [challenge, setChallenge] = useState<string | null>(null);
  // Changes made offline whose session ended before they were sent wait for their user to sign in again.
  const waiting = useQueuedChanges().length;
  // "Forgot password?" only where the server can send the e-mail (SMTP set up); elsewhere the operator resets.
  const canReset = useQuery(trpc.auth.passwordResetAvailable.queryOptions()).data?.available ?? false;
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (result) => {
        if ('twoFactorRequired' in result) {
          setChallenge(result.challenge);
          return;
        }
        startSession(queryClient, result);
        toast.success('Login successful!');
        void navigate({ to: result.user.isSetupComplete ? '/dashboard' : '/setup' });
      },
      onError: (failure) => {
        const message = errorMessage(failure, MESSAGES.loginFailed);
        setError(message);
        toast.error(message);
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    login.mutate({
      email: (form.get('email') as string | null) ?? '',
      password: (form.get('password') as string | null) ?? '',
    });
  }

  if (challenge) return <TwoFactorStep challenge={challenge} onBack={() => setChallenge(null)} />;

  return (
    <form onSubmit={submit} className="space-y-5" noValidate={false}>
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      {waiting > 0 ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
        >
          {waiting === 1 ? 'A change' : `${waiting} changes`} made offline on this device{' '}
          {waiting === 1 ? 'is' : 'are'} waiting to be sent. Sign in to the same account to send{' '}
          {waiting === 1 ? 'it' : 'them'}; signing in to another account discards{' '}
          {waiting === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      <Field label="Email">
        {(id) => (
          <Input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            required
            placeholder="you@email.com"
          />
        )}
      </Field>
      <Field
        label="Password"
        hint={
          canReset ? (
            <Link
              to="/forgot-password"
              className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              Forgot password?
            </Link>
          ) : undefined
        }
      >
        {(id) => <PasswordInput id={id} name="password" autoComplete="current-password" required />}
      </Field>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        New to Paisable?{' '}
        <Link
          to="/register"
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Create an account
        </Link>
      </p>
    </form>
  );
}
