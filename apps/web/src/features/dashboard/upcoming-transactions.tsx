import { Card } from '~/components/ui/card';

import type { Transaction } from '@paisable/contracts';

import { TransactionLines } from './recent-transactions';

/**
 * What is coming up: rows dated after today, soonest first. They count in no balance or total until their
 * day, so they are shown apart from the recent ones. Nothing is shown when nothing is scheduled.
 */
export function UpcomingTransactions({
  transactions,
  currency,
}: {
  transactions: Transaction[] | undefined;
  currency: string;
}) {
  if (!transactions || transactions.length === 0) return null;
  return (
    <Card className="p-5" role="region" aria-labelledby="upcoming-transactions-title">
      <h2 id="upcoming-transactions-title" className="text-lg font-semibold">
        Upcoming
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Scheduled after today: counted in your balances and totals from their day.
      </p>
      <TransactionLines transactions={transactions} currency={currency} />
    </Card>
  );
}
