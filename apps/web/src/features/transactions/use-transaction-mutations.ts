import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queueChange, replaceQueued } from '~/lib/offline/outbox';
import { queuedSeqOf } from '~/lib/offline/pending-rows';
import { isOffline, sendQueuedNow } from '~/lib/offline/queue-sync';
import { meQuery } from '~/lib/session';
import { trpc, type RouterInputs } from '~/lib/trpc';

/**
 * After any change, every view of transactions (list, dashboard, budgets), the accounts' balances, the
 * category lists, the reports and what is upcoming (scheduled rows) refresh.
 */
export function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.transactions.pathFilter()),
      queryClient.invalidateQueries(trpc.accounts.pathFilter()),
      queryClient.invalidateQueries(trpc.categories.pathFilter()),
      queryClient.invalidateQueries(trpc.tags.pathFilter()),
      queryClient.invalidateQueries(trpc.reports.pathFilter()),
      queryClient.invalidateQueries(trpc.recurring.upcoming.queryFilter()),
    ]);
}

/** What the form sends: every field (a change replaces the row's fields). */
type TransactionInput = Omit<RouterInputs['transactions']['update'], 'id'>;

/**
 * Saves a new row (no `id`) or changes one. With no network the change is kept on the device and sent
 * when the network returns ('queued'); a row added offline and not yet sent is changed in the queue, and
 * sent at once when there is network ('sent-from-queue').
 */
export function useSaveTransaction() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMoney();
  const create = useMutation(trpc.transactions.create.mutationOptions({ onSuccess: invalidate }));
  const update = useMutation(trpc.transactions.update.mutationOptions({ onSuccess: invalidate }));
  return async (input: TransactionInput, id?: string): Promise<'saved' | 'queued' | 'sent-from-queue'> => {
    const queuedSeq = id === undefined ? undefined : queuedSeqOf(id);
    if (queuedSeq !== undefined) {
      // Another request than the one queued: a new key, and any refusal of the old one is gone.
      await replaceQueued(queuedSeq, { kind: 'create', input }, { newKey: true });
      if (isOffline()) return 'queued';
      // A fix of a row the server refused: sent now, and the round tells the user how it went.
      await sendQueuedNow(queryClient);
      return 'sent-from-queue';
    }
    if (isOffline()) {
      await queueChange(
        id === undefined ? { kind: 'create', input } : { kind: 'update', input: { id, ...input } },
        queryClient.getQueryData(meQuery().queryKey)?.id,
      );
      return 'queued';
    }
    if (id === undefined) await create.mutateAsync({ ...input, splits: input.splits ?? undefined });
    else await update.mutateAsync({ id, ...input });
    return 'saved';
  };
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.categories.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.categories.pathFilter()),
    }),
  );
}
