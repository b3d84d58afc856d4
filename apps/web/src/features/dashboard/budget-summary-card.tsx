import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ConvertedMark, TotalFigure, UnknownFigure } from '~/components/converted-mark';
import { Card } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { isUnknownFigure } from '~/lib/conversion-text';
import { formatMoneyTotal } from '~/lib/format';
import { useId } from 'react';

import { addCentsTotals, compareCentsTotals, formatBudgetMonth } from '@paisable/contracts/rules';

import { budgetMonthQuery } from '../budgets/budget-month-view';
import { BudgetProgress } from '../budgets/budget-progress';
import { Skeleton } from './skeleton';

/**
 * This month's budgets at a glance: spent of what was budgeted (with last month's carry-over), what is
 * left, and a way to the budget month. A user without budgets this month is invited to set one.
 */
export function BudgetSummaryCard({ today, currency }: { today: string; currency: string }) {
  const titleId = useId();
  const month = { month: Number(today.slice(5, 7)), year: Number(today.slice(0, 4)) };
  const { data } = useQuery(budgetMonthQuery(month));
  const name = formatBudgetMonth(month.month, month.year);
  const budgeted = data && addCentsTotals(data.totals.budgetedCents, data.totals.carriedCents);
  const overspent = data !== undefined && compareCentsTotals(data.totals.leftCents, '0') < 0;
  // Spending in other currencies is converted at each day's rate: the figure says so.
  const shownIn = data?.currency ?? currency;
  return (
    <Card className="p-5" role="region" aria-labelledby={titleId}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-sm font-medium text-slate-600 dark:text-slate-400">
          Budget, {name}
        </h2>
        <Link
          to="/budgets"
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Open budgets
        </Link>
      </div>
      {!data || budgeted === undefined ? (
        <Skeleton className="mt-2 h-12 w-full" />
      ) : data.budgets.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No budgets for this month yet.</p>
      ) : (
        <div className="mt-2 space-y-2">
          <p className="text-sm">
            <span className="text-lg font-bold tabular-nums">
              <TotalFigure
                cents={data.totals.spentCents}
                conversion={data.conversions?.spent}
                currency={shownIn}
              />
            </span>{' '}
            <ConvertedMark conversion={data.conversions?.spent} currency={shownIn} /> spent of{' '}
            {/* Budgets set in another currency are converted at their month's rate: marked too. */}
            <TotalFigure cents={budgeted} conversion={data.conversions?.available} currency={shownIn} />{' '}
            <ConvertedMark conversion={data.conversions?.available} currency={shownIn} />
            <span
              className={cn(
                'ml-2 font-medium',
                overspent ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400',
              )}
            >
              {isUnknownFigure(data.totals.spentCents, data.conversions?.spent) ||
              isUnknownFigure(budgeted, data.conversions?.available) ? (
                <>
                  <UnknownFigure /> left
                </>
              ) : overspent ? (
                `${formatMoneyTotal(data.totals.leftCents.replace('-', '') as typeof data.totals.leftCents, shownIn)} over`
              ) : (
                `${formatMoneyTotal(data.totals.leftCents, shownIn)} left`
              )}
            </span>
          </p>
          <BudgetProgress spentCents={data.totals.spentCents} amountCents={Math.max(0, Number(budgeted))} />
        </div>
      )}
    </Card>
  );
}
