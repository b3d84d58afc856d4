import { useMutation } from '@tanstack/react-query';
import { trpc, type RouterOutputs } from '~/lib/trpc';
import { toast } from 'sonner';

import { useInvalidateMoney } from './use-transaction-mutations';

const UNDO_WINDOW_MS = 8_000;

type EditedRows = RouterOutputs['transactions']['bulkEdit']['before'];

/**
 * The bulk edit, and its success toast whose Undo writes the changed rows back as they were, as the bulk
 * delete's toast restores deleted rows.
 */
export function useBulkEdit() {
  const invalidate = useInvalidateMoney();
  const edit = useMutation(trpc.transactions.bulkEdit.mutationOptions({ onSuccess: invalidate }));
  const undo = useMutation(trpc.transactions.undoBulkEdit.mutationOptions({ onSuccess: invalidate }));

  function offerUndo(changed: number, rows: EditedRows) {
    toast.success(changed === 1 ? 'Transaction updated' : `${changed} transactions updated`, {
      duration: UNDO_WINDOW_MS,
      action:
        rows.length === 0
          ? undefined
          : {
              label: 'Undo',
              onClick: () =>
                undo.mutate(
                  { rows },
                  {
                    onSuccess: ({ restoredCount }) =>
                      toast.success(
                        restoredCount === 1
                          ? 'Change undone'
                          : `Changes to ${restoredCount} transactions undone`,
                      ),
                    onError: (error) => toast.error(error.message || 'Could not undo. Please try again.'),
                  },
                ),
            },
    });
  }

  return { edit, offerUndo };
}

export type BulkEdit = ReturnType<typeof useBulkEdit>;
