import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card } from '~/components/ui/card';
import { formatDate } from '~/lib/format';
import { accountCurrencies, withPendingChanges, type PendingMark } from '~/lib/offline/pending-rows';
import { useQueuedChanges } from '~/lib/offline/queue-sync';
import { useMemo } from 'react';

import type { Transaction } from '@paisable/contracts';

import { accountsQuery } from '../accounts/accounts-query';
import { AmountText } from '../transactions/amount-text';
import { BLANK_ROW, PendingBadge } from '../transactions/pending-mark';
import { Skeleton } from './skeleton';

const SHOWN = 5;

/**
 * The five newest transactions: name, date and signed amount coloured by type. Changes made offline and
 * not yet sent come first, marked pending.
 */
export function RecentTransactions({
  transactions: fromServer,
  currency,
  today,
}: {
  transactions: Transaction[] | undefined;
  currency: string;
  today: string;
}) {
  const queued = useQueuedChanges();
  // A row added offline shows in its account's currency: the accounts say which.
  const accounts = useQuery(accountsQuery()).data?.accounts;
  const pending = useMemo(
    () =>
      fromServer
        ? withPendingChanges(fromServer, queued, BLANK_ROW, {
            today,
            currencies: accountCurrencies(accounts ?? []),
          })
        : undefined,
    [fromServer, queued, today, accounts],
  );
  const transactions = pending?.rows.slice(0, Math.max(SHOWN, pending.marks.size));
  return (
    <Card className="p-5" role="region" aria-labelledby="recent-transactions-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-transactions-title" className="text-lg font-semibold">
          Recent Transactions
        </h2>
        <Link
          to="/transactions"
          className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          View all
        </Link>
      </div>
      {transactions === undefined ? (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {[0, 1, 2].map((row) => (
            <li key={row} className="flex items-center justify-between py-3">
              <Skeleton className="h-10 w-40" />
              <Skeleton className="h-5 w-20" />
            </li>
          ))}
        </ul>
      ) : transactions.length === 0 ? (
        <p className="py-10 text-center text-slate-600 dark:text-slate-400">No recent transactions</p>
      ) : (
        <TransactionLines transactions={transactions} currency={currency} pending={pending?.marks} />
      )}
    </Card>
  );
}

/** Transactions as short lines: name, date and category, and the signed amount coloured by type. */
export function TransactionLines({
  transactions,
  currency,
  pending,
}: {
  transactions: Transaction[];
  currency: string;
  /** Rows changed on this device with no network, by id. */
  pending?: ReadonlyMap<string, PendingMark>;
}) {
  return (
    <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
      {transactions.map((transaction) => (
        <li key={transaction.id} className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{transaction.name}</p>
            <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-slate-600 dark:text-slate-400">
              <span>
                {formatDate(transaction.date)} · {transaction.category}
              </span>
              <PendingBadge mark={pending?.get(transaction.id)} />
            </p>
          </div>
          <AmountText
            amount={transaction.amount}
            isIncome={transaction.isIncome}
            isTransfer={transaction.transferId !== null}
            currency={transaction.currency || currency}
          />
        </li>
      ))}
    </ul>
  );
}
