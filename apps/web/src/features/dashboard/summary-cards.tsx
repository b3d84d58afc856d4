import { ConvertedMark, UnknownFigure } from '~/components/converted-mark';
import { Card } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { isUnknownFigure } from '~/lib/conversion-text';
import { formatMoneyTotal } from '~/lib/format';
import { ArrowDownCircle, ArrowUpCircle, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';

import type { Conversion, Summary } from '@paisable/contracts';
import { compareCentsTotals } from '@paisable/contracts/rules';

import { Skeleton } from './skeleton';

/**
 * Total Income and Total Expense over the dashboard's period, and the Current Balance today; placeholders
 * of the same size while loading. The figures are in the summary's currency (the display one); a figure
 * converted from other currencies carries its mark, and one whose every amount lacked a rate shows as missing
 * (a dash), never as a zero that looks real.
 */
export function SummaryCards({
  summary,
  currency: asked,
}: {
  summary: Summary | undefined;
  currency: string;
}) {
  const balanceIsNegative = summary !== undefined && compareCentsTotals(summary.balanceCents, '0') < 0;
  const currency = summary?.currency ?? asked;
  const converted = summary?.conversions;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        title="Total Income"
        icon={<ArrowUpCircle size={20} aria-hidden />}
        iconClassName="bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-400"
        value={summary && formatMoneyTotal(summary.totalIncomeCents, currency)}
        conversion={converted?.totalIncome}
        unknown={summary !== undefined && isUnknownFigure(summary.totalIncomeCents, converted?.totalIncome)}
        currency={currency}
        valueClassName="text-green-700 dark:text-green-400"
      />
      <SummaryCard
        title="Total Expense"
        icon={<ArrowDownCircle size={20} aria-hidden />}
        iconClassName="bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-400"
        value={summary && formatMoneyTotal(summary.totalExpensesCents, currency)}
        conversion={converted?.totalExpenses}
        unknown={
          summary !== undefined && isUnknownFigure(summary.totalExpensesCents, converted?.totalExpenses)
        }
        currency={currency}
        valueClassName="text-red-700 dark:text-red-400"
      />
      <SummaryCard
        title="Current Balance"
        icon={<Wallet size={20} aria-hidden />}
        iconClassName="bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
        value={summary && formatMoneyTotal(summary.balanceCents, currency)}
        conversion={converted?.balance}
        unknown={summary !== undefined && isUnknownFigure(summary.balanceCents, converted?.balance)}
        currency={currency}
        valueClassName={balanceIsNegative ? 'text-red-700 dark:text-red-400' : undefined}
      />
    </div>
  );
}

function SummaryCard({
  title,
  icon,
  iconClassName,
  value,
  conversion,
  unknown,
  currency,
  valueClassName,
}: {
  title: string;
  icon: ReactNode;
  iconClassName: string;
  value: string | undefined;
  conversion: Conversion | undefined;
  unknown: boolean;
  currency: string;
  valueClassName?: string;
}) {
  const id = `summary-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    // Icon beside the figure on a phone (one card a row) and on a wide screen; above it on a tablet, where
    // three cards share the row and the figure needs the card's whole width.
    <Card
      className="flex items-center gap-4 p-5 sm:flex-col sm:items-start lg:flex-row lg:items-center"
      role="group"
      aria-labelledby={id}
    >
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', iconClassName)}>
        {icon}
      </span>
      <div className="@container min-w-0 flex-1 self-stretch">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={id} className="text-sm font-medium text-slate-600 dark:text-slate-400">
            {title}
          </h2>
          <ConvertedMark conversion={conversion} currency={currency} />
        </div>
        {value === undefined ? (
          <Skeleton className="mt-1 h-8 w-32" />
        ) : unknown ? (
          <p className="text-2xl leading-8 font-bold text-slate-500 dark:text-slate-400">
            <UnknownFigure />
          </p>
        ) : (
          <p
            className={cn('leading-8 font-bold tabular-nums [overflow-wrap:anywhere]', valueClassName)}
            style={{ fontSize: fittedFontSize(value) }}
          >
            {value}
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * Money is never cut: the figure shrinks with its length to fit the card's width (a bold digit is about
 * 0.62 em wide, so N characters fit in 100 % at 100 / 0.62 / N of the width, rounded down for room),
 * from 24 px down to 14 px. Only a figure too long even then wraps, still in full.
 */
function fittedFontSize(value: string): string {
  return `clamp(0.875rem, ${Math.floor(150 / Math.max(1, value.length))}cqi, 1.5rem)`;
}
