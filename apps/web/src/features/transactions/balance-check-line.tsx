import { formatDate, formatMoneyTotal } from '~/lib/format';
import { CircleAlert, CircleCheck } from 'lucide-react';

import type { BalanceCheck, CentsTotal } from '@paisable/contracts';

/**
 * The bank's closing balance against the account once the preview's new rows are saved: a match says the
 * import is whole; a difference is named with its likely causes, before anything is saved.
 */
export function BalanceCheckLine({
  check,
  name,
  currency,
}: {
  check: BalanceCheck;
  /** The account the rows go into (a new one is named before it exists). */
  name: string;
  currency: string;
}) {
  const day = formatDate(check.date);
  if (check.differenceCents === '0') {
    return (
      <p role="status" className="flex items-start gap-2 text-sm text-green-800 dark:text-green-300">
        <CircleCheck size={16} className="mt-0.5 shrink-0" aria-hidden />
        <span>
          Balance matches the bank: after this import {name} shows{' '}
          {formatMoneyTotal(check.afterImportCents, currency)} on {day}, as the statement does.
        </span>
      </p>
    );
  }
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-300">
      <CircleAlert size={16} className="mt-0.5 shrink-0" aria-hidden />
      <span>
        Balance differs from the bank by {formatMoneyTotal(magnitude(check.differenceCents), currency)}: the
        statement says {formatMoneyTotal(check.statementCents, currency)} on {day}, {name} will show{' '}
        {formatMoneyTotal(check.afterImportCents, currency)}. Rows may be missing or in another account, or
        the account’s opening balance may need setting.
      </span>
    </p>
  );
}

/** How far apart, whichever side is higher. */
function magnitude(cents: CentsTotal): CentsTotal {
  return (cents.startsWith('-') ? cents.slice(1) : cents) as CentsTotal;
}
