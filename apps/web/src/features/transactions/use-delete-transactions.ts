import { useMutation } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';
import { toast } from 'sonner';

import { useInvalidateMoney } from './use-transaction-mutations';

const UNDO_WINDOW_MS = 8_000;

/**
 * A success toast for a delete of transactions, whose Undo restores the same rows for a few seconds
 * (a job purges deleted rows for good after 30 days).
 */
export function useUndoDeleteToast() {
  const invalidate = useInvalidateMoney();
  const restore = useMutation(trpc.transactions.restore.mutationOptions({ onSuccess: invalidate }));
  return (label: string, ids: string[]) =>
    toast.success(label, {
      duration: UNDO_WINDOW_MS,
      action: {
        label: 'Undo',
        onClick: () =>
          restore.mutate(
            { ids },
            {
              onSuccess: () =>
                toast.success(
                  ids.length === 1 ? 'Transaction restored' : `${ids.length} transactions restored`,
                ),
              onError: () => toast.error('Could not restore. Please try again.'),
            },
          ),
      },
    });
}

/** Deletes (softly) and offers Undo in the toast. */
export function useDeleteTransactions() {
  const invalidate = useInvalidateMoney();
  const showUndo = useUndoDeleteToast();
  const remove = useMutation(trpc.transactions.deleteMany.mutationOptions({ onSuccess: invalidate }));

  return {
    isPending: remove.isPending,
    remove: (ids: string[], options: { onSuccess?: () => void } = {}) =>
      remove.mutate(
        { ids },
        {
          onSuccess: () => {
            options.onSuccess?.();
            showUndo(ids.length === 1 ? 'Transaction deleted' : `${ids.length} transactions deleted`, ids);
          },
          onError: () => toast.error('Failed to delete transactions. Please try again.'),
        },
      ),
  };
}
