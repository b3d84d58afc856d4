import { Link } from '@tanstack/react-router';
import { Card } from '~/components/ui/card';

import { ACCOUNT_KIND_LABELS } from '@paisable/contracts/rules';

import { openAccounts, type Account } from '../accounts/accounts-query';
import { BalanceText } from '../accounts/balance-text';
import { Skeleton } from './skeleton';

/**
 * Each open account's balance today in its own currency (never relabelled as the display one), in the user's
 * order: a compact list beside the net worth, which adds them up converted.
 */
export function AccountBalances({ accounts }: { accounts: Account[] | undefined }) {
  return (
    <Card className="p-5" role="region" aria-labelledby="account-balances-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="account-balances-title" className="text-lg font-semibold">
          Accounts
        </h2>
        <Link
          to="/accounts"
          className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Manage accounts
        </Link>
      </div>
      {accounts === undefined ? (
        <ul className="mt-3 space-y-3">
          {[0, 1].map((row) => (
            <li key={row} className="flex items-center justify-between">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-5 w-20" />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
          {openAccounts(accounts).map((account) => (
            <li key={account.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate font-medium" title={account.name}>
                  {account.name}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {ACCOUNT_KIND_LABELS[account.kind]}
                  {account.onBudget ? '' : ' · Off budget'}
                </p>
              </div>
              <BalanceText
                cents={account.balanceCents}
                currency={account.currency}
                className="shrink-0 font-semibold"
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
