import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ErrorBox, NoticeBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { firstProblem } from '~/lib/form-check';
import { trpc } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { useState, type FormEvent } from 'react';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';

/**
 * "Forgot password?": asks for the address and says a link is on its way. The server answers the same
 * whether or not the address has an account, so this page cannot tell either.
 */
export function ForgotPasswordForm() {
  const ask = useMutation(trpc.auth.forgotPassword.mutationOptions());
  const [sent, setSent] = useState<string | null>(null);
  const form = useContractForm({
    initial: { email: '' },
    check: (schemas, draft) => firstProblem(schemas.forgotPasswordInput, draft, ['email']),
    failed: 'Could not ask for a link. Please try again.',
    save: async (draft) => {
      const { message } = await ask.mutateAsync(draft);
      setSent(message);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit();
  }

  if (sent) {
    return (
      <div className="space-y-5">
        <NoticeBox>{sent}</NoticeBox>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No message after a few minutes? Look in the spam folder, or ask again.
        </p>
        <p className="text-center text-sm">
          <Link to="/login" className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Enter the e-mail address of your account: we send a link to choose a new password.
      </p>
      {form.problem ? <ErrorBox>{form.problem}</ErrorBox> : null}
      <Field label="Email">
        {(id) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            required
            autoFocus
            placeholder="you@email.com"
            {...form.text('email')}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={form.isSaving}>
        {form.isSaving ? 'Sending...' : 'Send the link'}
      </Button>
      <p className="text-center text-sm">
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
