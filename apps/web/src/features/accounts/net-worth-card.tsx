import { ConvertedMark, UnknownFigure } from '~/components/converted-mark';
import { Card } from '~/components/ui/card';
import { Skeleton } from '~/features/dashboard/skeleton';
import { cn } from '~/lib/cn';
import { isUnknownFigure } from '~/lib/conversion-text';
import { formatMoneyTotal } from '~/lib/format';
import { useId } from 'react';

import type { NetWorth } from '@paisable/contracts';
import { compareCentsTotals } from '@paisable/contracts/rules';

import { BalanceText } from './balance-text';

/**
 * What the user owns minus what they owe, over every account: the net large, assets and liabilities
 * beside it on a wide card and under it on a narrow one. Placeholders while it loads.
 */
export function NetWorthCard({
  netWorth,
  currency: asked,
  className,
}: {
  netWorth: NetWorth | undefined;
  currency: string;
  className?: string;
}) {
  const titleId = useId();
  // In the display currency: balances in other currencies are converted at today's rate (and marked).
  const currency = netWorth?.currency ?? asked;
  const owes = netWorth !== undefined && compareCentsTotals(netWorth.liabilitiesCents, '0') > 0;
  return (
    <Card className={cn('@container p-5', className)} role="region" aria-labelledby={titleId}>
      <div className="flex flex-col gap-4 @xl:flex-row @xl:items-end @xl:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-sm font-medium text-slate-600 dark:text-slate-400">
              Net worth
            </h2>
            <ConvertedMark conversion={netWorth?.conversion} currency={currency} />
          </div>
          {netWorth && isUnknownFigure(netWorth.netCents, netWorth.conversion) ? (
            // Every balance in it lacked a rate: missing, never a zero that looks real.
            <p className="mt-1 text-2xl leading-8 font-bold text-slate-500 dark:text-slate-400">
              <UnknownFigure />
            </p>
          ) : netWorth ? (
            <p className="mt-1 text-2xl leading-8 font-bold">
              <BalanceText cents={netWorth.netCents} currency={currency} wrap />
            </p>
          ) : (
            <Skeleton className="mt-1 h-8 w-40" />
          )}
        </div>
        <dl className="grid grid-cols-2 gap-4 text-sm @xl:min-w-[22rem]">
          <div className="min-w-0">
            <dt className="text-slate-600 dark:text-slate-400">Assets</dt>
            <dd className="mt-0.5 font-semibold">
              {netWorth ? (
                <BalanceText cents={netWorth.assetsCents} currency={currency} wrap />
              ) : (
                <Skeleton className="h-5 w-24" />
              )}
            </dd>
          </div>
          <div className="min-w-0">
            {/* A positive sum of what is owed: the net is assets minus this. */}
            <dt className="text-slate-600 dark:text-slate-400">Liabilities</dt>
            <dd
              className={cn(
                'mt-0.5 font-semibold tabular-nums [overflow-wrap:anywhere]',
                owes && 'text-red-700 dark:text-red-400',
              )}
            >
              {netWorth ? (
                formatMoneyTotal(netWorth.liabilitiesCents, currency)
              ) : (
                <Skeleton className="h-5 w-24" />
              )}
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
