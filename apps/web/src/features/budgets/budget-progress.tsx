import { cn } from '~/lib/cn';

import { budgetProgress, type CentsTotal } from '@paisable/contracts/rules';

const barColours = {
  ok: 'bg-green-600 dark:bg-green-500',
  warning: 'bg-yellow-500 dark:bg-yellow-400',
  exceeded: 'bg-red-600 dark:bg-red-500',
} as const;

/** Spent written in the colour of its bar, so the number and the bar tell the same story. */
export const spentColours = {
  ok: 'text-green-700 dark:text-green-400',
  warning: 'text-amber-700 dark:text-yellow-300',
  exceeded: 'text-red-700 dark:text-red-400',
} as const;

const statusLabels = { ok: 'On track', warning: 'Close to the limit', exceeded: 'Over budget' } as const;

/**
 * The bar fills with spending, capped at 100 %: green under 80 %, yellow up to 100 %, red from 100 %.
 * The number is the floored whole percent the colour is chosen from, so the two never disagree. When the
 * budget's figures are not known (no exchange rate: `isUnknownBudget`) the bar stays empty and grey with a
 * dash: a percent of an unknown amount would be a guess, and against the zero it reads as, "over budget".
 */
export function BudgetProgress({
  spentCents,
  amountCents,
  unknown = false,
}: {
  spentCents: CentsTotal;
  amountCents: number;
  unknown?: boolean;
}) {
  const { percent, status } = budgetProgress(spentCents, amountCents);
  return (
    <div className="flex min-w-[9rem] items-center gap-2">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={unknown ? undefined : percent}
        aria-valuetext={
          unknown ? 'Not known: no exchange rate' : `${percent}% used, ${statusLabels[status].toLowerCase()}`
        }
        data-status={unknown ? 'unknown' : status}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        {unknown ? null : (
          <div className={cn('h-full rounded-full', barColours[status])} style={{ width: `${percent}%` }} />
        )}
      </div>
      <span className="w-12 text-right text-xs tabular-nums text-slate-700 dark:text-slate-300">
        {unknown ? '—' : `${percent}%`}
      </span>
    </div>
  );
}
