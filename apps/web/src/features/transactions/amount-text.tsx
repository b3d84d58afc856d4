import { cn } from '~/lib/cn';
import { formatMoney, formatPaidAbroad } from '~/lib/format';

/**
 * A signed, coloured amount: +$10.00 in green for income, -$10.00 in red for an expense. A transfer's
 * leg keeps its sign (money into or out of the account) in a neutral colour: it is neither.
 */
export function AmountText({
  amount,
  isIncome,
  currency,
  isTransfer = false,
  className,
}: {
  amount: number;
  isIncome: boolean;
  currency: string;
  isTransfer?: boolean;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'font-medium tabular-nums whitespace-nowrap',
        isTransfer
          ? 'text-slate-700 dark:text-slate-300'
          : isIncome
            ? 'text-green-700 dark:text-green-400'
            : 'text-red-700 dark:text-red-400',
        className,
      )}
    >
      {isIncome ? '+' : '-'}
      {formatMoney(amount, currency)}
    </span>
  );
}

/**
 * What was paid in another currency (card spending abroad), beside the booked amount: "paid 50.00 EUR".
 * Nothing for a row paid in its account's own currency.
 */
export function PaidAbroad({
  transaction,
}: {
  transaction: { originalAmountCents: number | null; originalCurrency: string | null };
}) {
  const { originalAmountCents, originalCurrency } = transaction;
  if (originalAmountCents === null || !originalCurrency) return null;
  return (
    <span className="block text-xs whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-400">
      {formatPaidAbroad(originalAmountCents, originalCurrency)}
    </span>
  );
}
