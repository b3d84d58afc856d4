import { Link } from '@tanstack/react-router';
import { Card } from '~/components/ui/card';
import { formatDate } from '~/lib/format';

import type { Transaction } from '@paisable/contracts';

import { AmountText } from '../transactions/amount-text';
import { Skeleton } from './skeleton';

/** The five newest transactions: name, date and signed amount coloured by type. */
export function RecentTransactions({
  transactions,
  currency,
}: {
  transactions: Transaction[] | undefined;
  currency: string;
}) {
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
        <TransactionLines transactions={transactions} currency={currency} />
      )}
    </Card>
  );
}

/** Transactions as short lines: name, date and category, and the signed amount coloured by type. */
export function TransactionLines({
  transactions,
  currency,
}: {
  transactions: Transaction[];
  currency: string;
}) {
  return (
    <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
      {transactions.map((transaction) => (
        <li key={transaction.id} className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{transaction.name}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {formatDate(transaction.date)} · {transaction.category}
            </p>
          </div>
          <AmountText
            amount={transaction.amount}
            isIncome={transaction.isIncome}
            isTransfer={transaction.transferId !== null}
            currency={currency}
          />
        </li>
      ))}
    </ul>
  );
}
