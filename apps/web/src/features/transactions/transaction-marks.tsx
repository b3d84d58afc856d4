import { Badge } from '~/components/ui/badge';
import { ArrowDownLeft, ArrowUpRight, CalendarClock, CircleCheck } from 'lucide-react';

import type { Transaction } from './transaction-form-dialog';

/** The names of the user's accounts by id, for the list's account column. */
export type AccountNames = ReadonlyMap<string, string>;

/**
 * The account a row is in; a transfer's leg says which way the money went and to or from which account,
 * since its amount is neither income nor expense.
 */
export function AccountLabel({
  transaction,
  accountNames,
}: {
  transaction: Transaction;
  accountNames: AccountNames;
}) {
  // Only while the accounts load: every row's account is in the list.
  const name = accountNames.get(transaction.accountId) ?? '…';
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
      <span>{name}</span>
      {transaction.transferId ? (
        <TransferBadge
          into={transaction.isIncome}
          other={transaction.transferAccountId ? accountNames.get(transaction.transferAccountId) : undefined}
        />
      ) : null}
    </span>
  );
}

function TransferBadge({ into, other }: { into: boolean; other: string | undefined }) {
  // "From Savings": the other side in two words (a bank's payee text rarely names it).
  const text = other ? `${into ? 'From' : 'To'} ${other}` : into ? 'Transfer in' : 'Transfer out';
  return (
    <Badge tone="info" title={into ? 'Transfer in' : 'Transfer out'}>
      {into ? <ArrowDownLeft size={12} aria-hidden /> : <ArrowUpRight size={12} aria-hidden />}
      {text}
    </Badge>
  );
}

/** A row dated after today: it counts in no balance or total until its day. */
export function ScheduledBadge() {
  return (
    <Badge tone="warning" title="Counts in your balances from its date">
      <CalendarClock size={12} aria-hidden />
      Scheduled
    </Badge>
  );
}

/** A row confirmed against the bank's statement by a reconciliation. */
export function ClearedMark() {
  return (
    <span
      title="Cleared: matches your bank's statement"
      className="inline-flex text-green-700 dark:text-green-400"
    >
      <CircleCheck size={14} aria-hidden />
      <span className="sr-only">Cleared</span>
    </span>
  );
}

/** Dated after the user's today: shown, but counted in no balance or total until that day. */
export function isScheduled(transaction: Transaction, today: string): boolean {
  return transaction.date > today;
}
