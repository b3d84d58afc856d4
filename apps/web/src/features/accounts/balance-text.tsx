import { cn } from '~/lib/cn';
import { formatMoneyTotal } from '~/lib/format';

import { compareCentsTotals, type CentsTotal } from '@paisable/contracts/rules';

/** A balance in full; below zero (money owed, an overdraft) in red. */
export function BalanceText({
  cents,
  currency,
  wrap = false,
  className,
}: {
  cents: CentsTotal;
  currency: string;
  /** A large figure in a narrow card may break between digits rather than be cut. */
  wrap?: boolean;
  className?: string;
}) {
  const owed = compareCentsTotals(cents, '0') < 0;
  return (
    <span
      className={cn(
        'tabular-nums',
        wrap ? '[overflow-wrap:anywhere]' : 'whitespace-nowrap',
        owed && 'text-red-700 dark:text-red-400',
        className,
      )}
    >
      {formatMoneyTotal(cents, currency)}
    </span>
  );
}
