import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field, fieldErrorId } from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { SecondFactorField } from '~/features/auth/second-factor-field';
import { endSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { USER_ACCOUNT_MESSAGES } from '@paisable/contracts/rules';

/**
 * Delete Account, behind a confirmation that asks for the password (one click must not erase
 * everything). Success ends the session; a wrong password is said in the dialog, other failures inline.
 */
export function DangerZone() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // With two-factor sign-in on, the erase asks for a code as well as the password.
  const twoFactorOn = useQuery(trpc.twoFactor.status.queryOptions()).data?.enabled ?? false;
  const [passwordProblem, setPasswordProblem] = useState<string>();
  const close = () => {
    setConfirming(false);
    setPassword('');
    setCode('');
    setPasswordProblem(undefined);
  };
  const remove = useMutation(
    trpc.users.deleteAccount.mutationOptions({
      onSuccess: () => {
        close();
        endSession(queryClient);
        toast.success(USER_ACCOUNT_MESSAGES.deleted);
        void navigate({ to: '/login' });
      },
      onError: (error) => {
        // The password problems (missing, wrong, too many tries) are the user's to fix: keep the dialog.
        if (error.data?.code === 'BAD_REQUEST' || error.data?.code === 'TOO_MANY_REQUESTS') {
          setPasswordProblem(error.message);
        } else {
          close();
        }
      },
    }),
  );
  const confirm = () => {
    if (!password) {
      setPasswordProblem(USER_ACCOUNT_MESSAGES.passwordRequired);
      return;
    }
    remove.mutate({ password, ...(twoFactorOn ? { code } : {}) });
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Deleting your account removes all of your transactions, categories, budgets, recurring transactions
        and receipts for good, and signs you out everywhere.
      </p>
      {remove.isError && !confirming ? <ErrorBox>{USER_ACCOUNT_MESSAGES.deleteFailed}</ErrorBox> : null}
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 size={16} aria-hidden />
        Delete Account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        message={USER_ACCOUNT_MESSAGES.confirmDelete}
        confirmLabel="Delete my account"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        onConfirm={confirm}
        onCancel={close}
      >
        <Field label="Your password" error={passwordProblem}>
          {(id) => (
            <PasswordInput
              id={id}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordProblem(undefined);
              }}
              autoComplete="current-password"
              data-autofocus
              aria-invalid={passwordProblem ? true : undefined}
              aria-describedby={passwordProblem ? fieldErrorId(id) : undefined}
            />
          )}
        </Field>
        {twoFactorOn ? (
          <SecondFactorField
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setPasswordProblem(undefined);
            }}
          />
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
