import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

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

export function useSaveTransaction() {
  const invalidate = useInvalidateMoney();
  const create = useMutation(trpc.transactions.create.mutationOptions({ onSuccess: invalidate }));
  const update = useMutation(trpc.transactions.update.mutationOptions({ onSuccess: invalidate }));
  return { create, update };
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.categories.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.categories.pathFilter()),
    }),
  );
}
