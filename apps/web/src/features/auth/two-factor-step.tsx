import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { firstProblem } from '~/lib/form-check';
import { startSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import type { FormEvent } from 'react';
import { toast } from 'sonner';

import { MESSAGES } from '@paisable/contracts/rules';

import { SecondFactorField } from './second-factor-field';

/**
 * Sign-in, second step: the password was right and the account has two-factor sign-in. The challenge
 * from the first step and a code become a session; an ended challenge sends the user back to the password.
 */
export function TwoFactorStep({ challenge, onBack }: { challenge: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signIn = useMutation(trpc.auth.loginWithCode.mutationOptions());
  const form = useContractForm({
    initial: { code: '' },
    check: (schemas, draft) => firstProblem(schemas.loginTwoFactorInput, { challenge, ...draft }, ['code']),
    failed: MESSAGES.loginFailed,
    save: async (draft) => {
      const result = await signIn.mutateAsync({ challenge, code: draft.code });
      startSession(queryClient, result);
      toast.success('Login successful!');
      void navigate({ to: result.user.isSetupComplete ? '/dashboard' : '/setup' });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit();
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Your account has two-factor sign-in. Open your authenticator app for the code.
      </p>
      {form.problem ? <ErrorBox>{form.problem}</ErrorBox> : null}
      <SecondFactorField autoFocus {...form.text('code')} />
      <Button type="submit" className="w-full" disabled={form.isSaving}>
        {form.isSaving ? 'Checking...' : 'Verify and sign in'}
      </Button>
      <p className="text-center text-sm">
        <button
          type="button"
          onClick={onBack}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Back to email and password
        </button>
      </p>
    </form>
  );
}
