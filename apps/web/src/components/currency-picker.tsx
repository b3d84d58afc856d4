import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CurrencyOptions } from '~/components/currency-options';
import { inputClasses } from '~/components/ui/field';
import { cn } from '~/lib/cn';
import { meQuery, useCurrentUser } from '~/lib/session';
import { trpc } from '~/lib/trpc';

/**
 * Changes the display currency and saves it to the user. Totals are then converted into it (each amount at
 * its day's rate), so every figure that adds money up is read again.
 */
export function CurrencyPicker({ className }: { className?: string }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.auth.updatePreferences.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(meQuery().queryKey, updated);
        await queryClient.invalidateQueries();
      },
    }),
  );
  if (!user) return null;
  return (
    <select
      aria-label="Display currency"
      value={save.variables?.defaultCurrency ?? user.defaultCurrency}
      disabled={save.isPending}
      onChange={(event) => save.mutate({ defaultCurrency: event.target.value })}
      className={cn(inputClasses, 'w-auto py-1.5 pr-8', className)}
    >
      <CurrencyOptions label={(currency) => `${currency.code} (${currency.symbol})`} />
    </select>
  );
}
