import { useMutation } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';
import { toast } from 'sonner';

import { useInvalidateMoney } from './use-transaction-mutations';

export const UNDO_WINDOW_MS = 8_000;

/**
 * Deletes (softly) and offers Undo in the toast for a few seconds; undo restores the same rows.
 * A job purges deleted rows for good after 30 days.
 */
export function useDeleteTransactions() {
  const invalidate = useInvalidateMoney();
  const restore = useMutation(trpc.transactions.restore.mutationOptions({ onSuccess: invalidate }));
  const remove = useMutation(trpc.transactions.deleteMany.mutationOptions({ onSuccess: invalidate }));

  return {
    isPending: remove.isPending,
    remove: (ids: string[], options: { onSuccess?: () => void } = {}) =>
      remove.mutate(
        { ids },
        {
          onSuccess: () => {
            options.onSuccess?.();
            const label = ids.length === 1 ? 'Transaction deleted' : `${ids.length} transactions deleted`;
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
          },
          onError: () => toast.error('Failed to delete transactions. Please try again.'),
        },
      ),
  };
}
