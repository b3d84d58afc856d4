import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card } from '~/components/ui/card';
import { Spinner } from '~/components/ui/spinner';
import { formatDate, formatMoney } from '~/lib/format';
import { trpc } from '~/lib/trpc';
import { ChevronRight } from 'lucide-react';

import { centsToNumber, hundredthsInCurrency, minorToNumber } from '@paisable/contracts/rules';

import { accountsQuery } from '../accounts/accounts-query';
import { ReceiptStatusBadge } from './receipt-status';

/** The user's recent uploads with their status; each opens its review page. */
export function ReceiptsList({ currency }: { currency: string }) {
  const { data: receipts } = useQuery({
    ...trpc.receipts.list.queryOptions(),
    // While one is still being read, its row changes on its own.
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'processing') ? 2000 : false),
  });
  const { data: accounts } = useQuery(accountsQuery());
  // With one account there is nothing to tell; with more, each receipt says which its expense is in.
  const accountName = (id: string | null) =>
    (accounts?.accounts.length ?? 0) > 1
      ? accounts?.accounts.find((account) => account.id === id)?.name
      : undefined;
  if (!receipts) return <Spinner label="Loading receipts" />;
  if (receipts.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No receipts uploaded yet.</p>;
  }
  return (
    <Card className="divide-y divide-slate-200 dark:divide-slate-700">
      <ul aria-label="Recent receipts" className="divide-y divide-slate-200 dark:divide-slate-700">
        {receipts.map((receipt) => {
          const { reading } = receipt;
          const amount = reading?.amountCents;
          const account = accountName(reading?.accountId ?? null);
          return (
            <li key={receipt.id}>
              <Link
                to="/receipts/$receiptId"
                params={{ receiptId: receipt.id }}
                className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{reading?.merchant || 'Receipt'}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {reading?.date ? formatDate(reading.date) : 'No date'} ·{' '}
                    {reading && reading.chargedMinor !== null
                      ? // Saved: what the expense recorded, in its account's currency.
                        formatMoney(
                          minorToNumber(reading.chargedMinor, reading.accountCurrency),
                          reading.accountCurrency,
                        )
                      : amount === null || amount === undefined
                        ? 'No total'
                        : readTotal(
                            amount,
                            reading?.currency ?? reading?.accountCurrency ?? currency,
                            currency,
                          )}
                    {account ? ` · ${account}` : null}
                  </p>
                </div>
                <ReceiptStatusBadge status={receipt.status} />
                <ChevronRight size={16} aria-hidden className="shrink-0 text-slate-500" />
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/**
 * A total read (hundredths) in the currency printed on the receipt, else in that of the account its expense
 * goes to: ¥1,500, not $1,500.00; €3.75 for a euro receipt. One with cents that currency lacks is shown as
 * read, in the display currency.
 */
function readTotal(hundredths: number, totalCurrency: string, displayCurrency: string): string {
  const minor = hundredthsInCurrency(hundredths, totalCurrency);
  return minor === null
    ? formatMoney(centsToNumber(hundredths), displayCurrency)
    : formatMoney(minorToNumber(minor, totalCurrency), totalCurrency);
}
