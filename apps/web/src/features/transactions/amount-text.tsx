import { cn } from '~/lib/cn';
import { formatMoney } from '~/lib/format';

/** A signed, coloured amount: +$10.00 in green for income, -$10.00 in red for an expense. */
export function AmountText({
  amount,
  isIncome,
  currency,
  className,
}: {
  amount: number;
  isIncome: boolean;
  currency: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'font-medium tabular-nums whitespace-nowrap',
        isIncome ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
        className,
      )}
    >
      {isIncome ? '+' : '-'}
      {formatMoney(amount, currency)}
    </span>
  );
}
