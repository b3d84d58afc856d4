import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

/** Saving a budget may add a custom category (a new name), so the category lists refresh too. */
export function useBudgetMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.budgets.pathFilter()),
      queryClient.invalidateQueries(trpc.categories.pathFilter()),
    ]);
  return {
    create: useMutation(trpc.budgets.create.mutationOptions({ onSuccess })),
    update: useMutation(trpc.budgets.update.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.budgets.delete.mutationOptions({ onSuccess })),
  };
}
