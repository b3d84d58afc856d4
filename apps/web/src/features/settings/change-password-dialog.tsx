import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { PasswordInput } from '~/components/ui/password-input';
import { SecondFactorField } from '~/features/auth/second-factor-field';
import { firstProblem } from '~/lib/form-check';
import { trpc } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

type Draft = { currentPassword: string; newPassword: string; code: string };

/** Change Password: the current password, then a new one under the sign-up rules; other sessions end. */
export function ChangePassword() {
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Changing your password signs you out on every other device.
      </p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <KeyRound size={16} aria-hidden />
        Change Password
      </Button>
      {open ? <ChangePasswordDialog onDone={() => setOpen(false)} /> : null}
    </div>
  );
}

function ChangePasswordDialog({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  // With two-factor sign-in on, the change asks for a code as well.
  const twoFactorOn = useQuery(trpc.twoFactor.status.queryOptions()).data?.enabled ?? false;
  const sent = ({ code, ...passwords }: Draft) => (twoFactorOn ? { ...passwords, code } : passwords);
  const form = useContractForm<Draft>({
    initial: { currentPassword: '', newPassword: '', code: '' },
    check: (schemas, draft) =>
      firstProblem(schemas.changePasswordInput, sent(draft), ['currentPassword', 'newPassword', 'code']),
    failed: 'Could not change the password. Please try again.',
    save: async (draft) => {
      const { message } = await change.mutateAsync(sent(draft));
      toast.success(message);
      void queryClient.invalidateQueries(trpc.auth.sessions.queryFilter());
      onDone();
    },
  });
  return (
    <FormDialog
      title="Change Password"
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel="Change Password"
    >
      <Field label="Current password">
        {(id) => (
          <PasswordInput
            id={id}
            autoComplete="current-password"
            data-autofocus
            {...form.text('currentPassword')}
          />
        )}
      </Field>
      <Field label="New password" hint="8-16 characters with a letter, a number and a symbol.">
        {(id) => <PasswordInput id={id} autoComplete="new-password" {...form.text('newPassword')} />}
      </Field>
      {twoFactorOn ? <SecondFactorField {...form.text('code')} /> : null}
    </FormDialog>
  );
}
