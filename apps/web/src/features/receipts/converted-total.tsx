import { useQuery } from '@tanstack/react-query';
import { Button } from '~/components/ui/button';
import { formatDate } from '~/lib/format';
import { trpc } from '~/lib/trpc';

import { convertedText } from './converted-text';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The receipt's printed total converted at the user's rate for its day (the nearest earlier one), offered
 * in one click for the total charged: a card is charged at its bank's rate, so the figure is a suggestion,
 * never filled in on its own. Nothing when no rate is known, the printed total is not an amount, or it
 * converts to nothing.
 */
export function ConvertedTotal({
  printed,
  from,
  to,
  date,
  onUse,
}: {
  printed: string;
  from: string;
  to: string;
  date: string;
  onUse: (amount: string) => void;
}) {
  const { data: rate } = useQuery({
    ...trpc.rates.get.queryOptions({ base: from, quote: to, date }),
    enabled: DAY.test(date),
    // No rate for that day is an answer, not a failure to retry.
    retry: false,
  });
  const amount = rate ? convertedText(printed, from, to, rate.rate) : null;
  if (!rate || amount === null) return null;
  return (
    <div
      role="group"
      aria-label="The total converted"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm"
    >
      <span className="text-slate-600 dark:text-slate-400">
        At 1 {from} = {rate.rate} {to} ({formatDate(rate.date)}): {amount} {to}
      </span>
      <Button variant="secondary" aria-label={`Use ${amount}`} onClick={() => onUse(amount)}>
        Use {amount}
      </Button>
    </div>
  );
}
