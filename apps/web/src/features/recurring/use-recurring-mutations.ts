import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

/**
 * Saving a rule can record its due occurrences at once: besides the rules, the transactions, account
 * balances, budgets (their spent) and category lists change.
 */
export function useRecurringMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all(
      [trpc.recurring, trpc.transactions, trpc.accounts, trpc.budgets, trpc.categories, trpc.reports].map(
        (router) => queryClient.invalidateQueries(router.pathFilter()),
      ),
    );
  return {
    create: useMutation(trpc.recurring.create.mutationOptions({ onSuccess })),
    update: useMutation(trpc.recurring.update.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.recurring.delete.mutationOptions({ onSuccess })),
  };
}
