import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { formatDate, formatMoneyTotal } from '~/lib/format';
import { trpc } from '~/lib/trpc';
import { useState } from 'react';
import { toast } from 'sonner';

import type { Upcoming } from '@paisable/contracts';
import { minorToNumber, toCentsTotal } from '@paisable/contracts/rules';

import { AmountText } from '../transactions/amount-text';

/**
 * What is coming in the next 30 days: the recurring rules' occurrences not yet recorded and the rows dated
 * after today, soonest first, each with the balance once it is counted, from today's balance to the
 * projected one. A rule's next occurrence can be skipped or recorded now, each once confirmed (neither
 * can be undone from here). Nothing is shown when nothing is coming.
 */
export function UpcomingTransactions({
  upcoming,
  currency,
}: {
  upcoming: Upcoming | undefined;
  currency: string;
}) {
  const queryClient = useQueryClient();
  // Recording or skipping moves balances, totals, budgets and the rule's next date.
  const onSuccess = () =>
    Promise.all(
      [trpc.recurring, trpc.transactions, trpc.accounts, trpc.budgets, trpc.reports].map((router) =>
        queryClient.invalidateQueries(router.pathFilter()),
      ),
    );
  const onError = (error: { message: string }) => void toast.error(error.message);
  const [asked, setAsked] = useState<Asked | null>(null);
  const close = () => setAsked(null);
  const skip = useMutation(
    trpc.recurring.skipOccurrence.mutationOptions({ onSuccess, onError, onSettled: close }),
  );
  const record = useMutation(
    trpc.recurring.recordNow.mutationOptions({ onSuccess, onError, onSettled: close }),
  );
  if (!upcoming || upcoming.items.length === 0) return null;
  const busy = skip.isPending || record.isPending;
  // Only a rule's next occurrence can be acted on; the later ones follow it.
  const firstOfRule = new Set<number>();
  const seen = new Set<string>();
  upcoming.items.forEach((item, index) => {
    if (item.ruleId && !seen.has(item.ruleId)) {
      seen.add(item.ruleId);
      firstOfRule.add(index);
    }
  });
  return (
    <Card className="p-5" role="region" aria-labelledby="upcoming-transactions-title">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="upcoming-transactions-title" className="text-lg font-semibold">
          Upcoming
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Balance today{' '}
          <span className="font-medium tabular-nums">
            {formatMoneyTotal(upcoming.balanceCents, currency)}
          </span>
          {' · '}
          projected by {formatDate(upcoming.through)}{' '}
          <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
            {formatMoneyTotal(upcoming.projectedBalanceCents, currency)}
          </span>
        </p>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The next 30 days: recurring transactions and rows dated after today, counted from their day.
      </p>
      <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
        {upcoming.items.map((item, index) => {
          const ruleId = item.ruleId ?? '';
          return (
            <li
              key={`${item.ruleId ?? item.transactionId}-${item.date}`}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 font-medium">
                  <span className="truncate">{item.name}</span>
                  <Badge>{item.source === 'recurring' ? 'Recurring' : 'Scheduled'}</Badge>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {formatDate(item.date)} · {item.category}
                </p>
              </div>
              <div className="text-right">
                <AmountText
                  amount={minorToNumber(item.amountCents, item.currency)}
                  isIncome={item.isIncome}
                  currency={item.currency}
                />
                <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                  <span className="sr-only">Balance after: </span>
                  {item.counted
                    ? `→ ${formatMoneyTotal(item.balanceAfterCents, currency)}`
                    : item.currency === currency
                      ? 'Off budget'
                      : 'Not in the balance (no rate)'}
                </p>
              </div>
              {item.ruleId !== null && firstOfRule.has(index) ? (
                <div className="flex w-full justify-end gap-2 sm:w-auto">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={`Skip ${item.name} of ${formatDate(item.date)}`}
                    onClick={() => setAsked({ action: 'skip', id: ruleId, item })}
                  >
                    Skip
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={`Record ${item.name} of ${formatDate(item.date)} now`}
                    onClick={() => setAsked({ action: 'record', id: ruleId, item })}
                  >
                    Record now
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {asked ? (
        <ConfirmDialog
          open
          {...confirmation(asked)}
          isBusy={busy}
          onCancel={close}
          onConfirm={() =>
            (asked.action === 'skip' ? skip : record).mutate({ id: asked.id, date: asked.item.date })
          }
        />
      ) : null}
    </Card>
  );
}

type Asked = { action: 'skip' | 'record'; id: string; item: Upcoming['items'][number] };

/** What the dialog says before acting: the occurrence by name, day and amount, and what happens to it. */
function confirmation({ action, item }: Asked) {
  const what = `${item.name} of ${formatDate(item.date)} (${formatMoneyTotal(toCentsTotal(item.amountCents), item.currency)})`;
  return action === 'skip'
    ? {
        title: 'Skip this occurrence?',
        message: `${what} will not be recorded; the rule moves on to its next date.`,
        confirmLabel: 'Skip it',
        busyLabel: 'Skipping…',
        tone: 'danger' as const,
      }
    : {
        title: 'Record it now?',
        message: `${what} is added to your transactions now, and the rule moves on to its next date.`,
        confirmLabel: 'Record it',
        busyLabel: 'Recording…',
        tone: 'primary' as const,
      };
}
