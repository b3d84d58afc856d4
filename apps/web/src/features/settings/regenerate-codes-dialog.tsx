import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Field } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { PasswordInput } from '~/components/ui/password-input';
import { SecondFactorField } from '~/features/auth/second-factor-field';
import { firstProblem } from '~/lib/form-check';
import { trpc } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { toast } from 'sonner';

/**
 * New recovery codes (when few are left, or the list was seen by someone): the password and a code, like
 * turning it off. The old codes stop working at once; the new ones are shown once by the caller.
 */
export function RegenerateCodesDialog({
  onCancel,
  onRegenerated,
}: {
  onCancel: () => void;
  onRegenerated: (codes: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const regenerate = useMutation(trpc.twoFactor.regenerateRecoveryCodes.mutationOptions());
  const form = useContractForm({
    initial: { password: '', code: '' },
    check: (schemas, draft) =>
      firstProblem(schemas.regenerateRecoveryCodesInput, draft, ['password', 'code']),
    failed: 'Could not make new recovery codes. Please try again.',
    save: async (draft) => {
      const { message, recoveryCodes } = await regenerate.mutateAsync(draft);
      toast.success(message);
      void queryClient.invalidateQueries(trpc.twoFactor.status.queryFilter());
      onRegenerated(recoveryCodes);
    },
  });
  return (
    <FormDialog
      title="New recovery codes"
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onCancel}
      isSaving={form.isSaving}
      submitLabel="Make new codes"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Your current recovery codes stop working, used or not, and 10 new ones are shown once.
      </p>
      <Field label="Your password">
        {(id) => (
          <PasswordInput id={id} autoComplete="current-password" data-autofocus {...form.text('password')} />
        )}
      </Field>
      <SecondFactorField {...form.text('code')} />
    </FormDialog>
  );
}
