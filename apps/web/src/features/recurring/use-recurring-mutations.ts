import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';

/**
 * Saving a rule can record its due occurrences at once: besides the rules, the transactions, account
 * balances, budgets (their spent) and category lists change.
 */
export function useRecurringMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [trpc.recurring, trpc.transactions, trpc.accounts, trpc.budgets, trpc.categories, trpc.reports].map(
        (router) => queryClient.invalidateQueries(router.pathFilter()),
      ),
    );
  const onSuccess = refresh;
  // An occurrence refused as already skipped or recorded means the list is out of date: reload it too.
  const onSettled = refresh;
  return {
    create: useMutation(trpc.recurring.create.mutationOptions({ onSuccess })),
    update: useMutation(trpc.recurring.update.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.recurring.delete.mutationOptions({ onSuccess })),
    skip: useMutation(trpc.recurring.skipOccurrence.mutationOptions({ onSettled })),
    recordNow: useMutation(trpc.recurring.recordNow.mutationOptions({ onSettled })),
  };
}
