import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueChange, removeQueued, removeQueuedFor } from '~/lib/offline/outbox';
import { queuedSeqOf } from '~/lib/offline/pending-rows';
import { isOffline } from '~/lib/offline/queue-sync';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { toast } from 'sonner';

import { useInvalidateMoney } from './use-transaction-mutations';

/** How long a toast offers Undo. */
export const UNDO_WINDOW_MS = 8_000;

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

/**
 * Rows added offline and not yet sent are simply taken out of the queue; with no network, deleting the
 * others is queued (one change per row, each with its own key) and sent when the network returns. A delete
 * replaces what already waits for its row (a pending edit, or an earlier delete), so nothing is sent twice.
 */
async function deleteOnDevice(ids: string[], ownerId: string | undefined): Promise<string[]> {
  const onServer: string[] = [];
  for (const id of ids) {
    const queuedSeq = queuedSeqOf(id);
    if (queuedSeq !== undefined) await removeQueued(queuedSeq);
    else onServer.push(id);
  }
  if (!isOffline()) return onServer;
  await removeQueuedFor(onServer);
  for (const id of onServer) await queueChange({ kind: 'delete', input: { id } }, ownerId);
  if (onServer.length > 0)
    toast.info('Deletion saved on this device', {
      description: 'No network: it is sent when you are back online.',
    });
  return [];
}

/** Deletes (softly) and offers Undo in the toast. */
export function useDeleteTransactions() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMoney();
  const showUndo = useUndoDeleteToast();
  const remove = useMutation(trpc.transactions.deleteMany.mutationOptions({ onSuccess: invalidate }));

  return {
    isPending: remove.isPending,
    remove: async (allIds: string[], options: { onSuccess?: () => void } = {}) => {
      const ids = await deleteOnDevice(allIds, queryClient.getQueryData(meQuery().queryKey)?.id);
      if (ids.length === 0) return options.onSuccess?.();
      remove.mutate(
        { ids },
        {
          onSuccess: () => {
            // Deleted on the server: an edit of these rows still waiting on the device has nothing to change.
            void removeQueuedFor(ids);
            options.onSuccess?.();
            showUndo(ids.length === 1 ? 'Transaction deleted' : `${ids.length} transactions deleted`, ids);
          },
          onError: () => toast.error('Failed to delete transactions. Please try again.'),
        },
      );
    },
  };
}
