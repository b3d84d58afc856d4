import { Button } from '~/components/ui/button';

import { totalText } from './split-proposal';

/**
 * The other totals the receipt may mean, offered in one click while its total is in doubt (a second total
 * printed, what the subtotal and tax make, the total without a currency sign the OCR took for a digit):
 * the user picks the one the paper shows instead of typing it. Those equal to the total typed are left out.
 */
export function OtherTotals({
  hundredths,
  accountCurrency,
  typed,
  onPick,
}: {
  hundredths: readonly number[];
  accountCurrency: string;
  typed: string;
  onPick: (amount: string) => void;
}) {
  const offered = hundredths.map((each) => totalText(each, accountCurrency)).filter((text) => text !== typed);
  if (offered.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Other amounts the receipt may mean"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm"
    >
      <span className="text-slate-600 dark:text-slate-400">The receipt may mean:</span>
      {offered.map((text) => (
        <Button key={text} variant="secondary" aria-label={`Use ${text}`} onClick={() => onPick(text)}>
          {text}
        </Button>
      ))}
    </div>
  );
}
