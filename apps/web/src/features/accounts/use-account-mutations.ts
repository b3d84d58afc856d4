import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

/**
 * An account's change moves balances, the dashboard's figures and the account names in the transaction
 * list (a deletion moves rows), so all of them refresh.
 */
export function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.accounts.pathFilter()),
      queryClient.invalidateQueries(trpc.transactions.pathFilter()),
    ]);
}

export function useAccountMutations() {
  const onSuccess = useInvalidateAccounts();
  return {
    create: useMutation(trpc.accounts.create.mutationOptions({ onSuccess })),
    update: useMutation(trpc.accounts.update.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.accounts.delete.mutationOptions({ onSuccess })),
  };
}

/** Checking a statement changes nothing; confirming a match marks rows cleared, shown in the list. */
export function useReconcile() {
  const invalidate = useInvalidateAccounts();
  return useMutation(
    trpc.accounts.reconcile.mutationOptions({
      onSuccess: (result) => (result.clearedCount > 0 ? invalidate() : undefined),
    }),
  );
}

export function useSaveTransfer() {
  const onSuccess = useInvalidateAccounts();
  return {
    create: useMutation(trpc.transfers.create.mutationOptions({ onSuccess })),
    update: useMutation(trpc.transfers.update.mutationOptions({ onSuccess })),
  };
}
