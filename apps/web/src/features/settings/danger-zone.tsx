import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { endSession } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { ACCOUNT_MESSAGES } from '@paisable/contracts';

/** Delete Account, behind a confirmation. Success ends the session; failure is said inline. */
export function DangerZone() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.users.deleteAccount.mutationOptions({
      onSuccess: () => {
        endSession(queryClient);
        toast.success(ACCOUNT_MESSAGES.deleted);
        void navigate({ to: '/login' });
      },
      onSettled: () => setConfirming(false),
    }),
  );

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Deleting your account removes all of your transactions, categories, budgets, recurring transactions
        and receipts for good, and signs you out everywhere.
      </p>
      {remove.isError ? <ErrorBox>{ACCOUNT_MESSAGES.deleteFailed}</ErrorBox> : null}
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 size={16} aria-hidden />
        Delete Account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        message={ACCOUNT_MESSAGES.confirmDelete}
        confirmLabel="Delete my account"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
