import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { useUndoDeleteToast } from '~/features/transactions/use-delete-transactions';
import { trpc } from '~/lib/trpc';
import { useState } from 'react';
import { toast } from 'sonner';

import type { RecurringRule } from './recurring-table';
import { useRecurringMutations } from './use-recurring-mutations';

type DeleteRecurringDialogProps = { rule: RecurringRule | null; onDone: () => void };

/**
 * Deleting a rule keeps what it recorded unless the user ticks the box; then those transactions are
 * deleted too, and the toast offers Undo for them, as a bulk delete does.
 */
export function DeleteRecurringDialog({ rule, onDone }: DeleteRecurringDialogProps) {
  const [alsoTransactions, setAlsoTransactions] = useState(false);
  const { remove } = useRecurringMutations();
  const showUndo = useUndoDeleteToast();
  const recorded = useQuery(
    trpc.recurring.recordedCount.queryOptions(
      { id: rule?.id ?? '' },
      { enabled: rule !== null, staleTime: 0 },
    ),
  );
  const count = rule ? (recorded.data?.count ?? 0) : 0;
  const close = () => {
    setAlsoTransactions(false);
    onDone();
  };

  const confirm = () => {
    if (!rule) return;
    remove.mutate(
      { id: rule.id, deleteTransactions: alsoTransactions && count > 0 },
      {
        onSuccess: ({ deletedTransactionIds: ids }) => {
          close();
          if (ids.length === 0) {
            toast.success('Recurring transaction deleted');
            return;
          }
          showUndo(
            `Recurring transaction and its ${ids.length} ${ids.length === 1 ? 'transaction' : 'transactions'} deleted`,
            ids,
          );
        },
        onError: () => toast.error('Could not delete the recurring transaction. Please try again.'),
      },
    );
  };

  return (
    <ConfirmDialog
      open={rule !== null}
      title="Delete recurring transaction"
      message="Are you sure you want to delete this recurring transaction? Nothing more will be recorded from it."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      isBusy={remove.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      {count > 0 ? (
        <label className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input
            type="checkbox"
            checked={alsoTransactions}
            onChange={(event) => setAlsoTransactions(event.target.checked)}
            className="mt-0.5 h-4 w-4 accent-brand-700"
          />
          <span>
            Also delete the {count.toLocaleString('en-US')} {count === 1 ? 'transaction' : 'transactions'} it
            recorded (you can undo this for a few seconds)
          </span>
        </label>
      ) : null}
    </ConfirmDialog>
  );
}
