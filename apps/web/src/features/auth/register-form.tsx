import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { browserTimeZone } from '~/lib/format';
import { startSession } from '~/lib/session';
import { errorMessage, trpc } from '~/lib/trpc';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { MESSAGES, signupProblem } from '@paisable/contracts/rules';

import { PasswordStrength } from './password-strength';

export function RegisterForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signup = useMutation(
    trpc.auth.signup.mutationOptions({
      onSuccess: (result) => {
        startSession(queryClient, result);
        toast.success('Signup successful!');
        void navigate({ to: '/setup' });
      },
      onError: (failure) => {
        const message = errorMessage(failure, MESSAGES.signupFailed);
        setError(message);
        toast.error(message);
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    // The same rules as the server, checked first so the user gets the answer without a round trip.
    const problem = signupProblem(email, password);
    setError(problem);
    if (!problem) signup.mutate({ email, password, timeZone: browserTimeZone() });
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <Field label="Email">
        {(id) => (
          <Input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            required
            placeholder="you@email.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label="Password" hint={<PasswordStrength password={password} />}>
        {(id) => (
          <PasswordInput
            id={id}
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={signup.isPending}>
        {signup.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link
          to="/login"
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Sign in instead
        </Link>
      </p>
      <p className="border-t border-slate-200 pt-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        By signing up, you agree to our{' '}
        <Link
          to="/terms"
          className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
        >
          Terms &amp; Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
