import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConvertedMark, MarkedTotal, TotalFigure } from '~/components/converted-mark';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { DataTable, type Column } from '~/components/ui/data-table';
import { cn } from '~/lib/cn';
import { isUnknownBudget } from '~/lib/conversion-text';
import { trpc, type RouterOutputs } from '~/lib/trpc';
import { ChevronLeft, ChevronRight, Copy } from 'lucide-react';
import { toast } from 'sonner';

import type { Conversion } from '@paisable/contracts';
import {
  addCentsTotals,
  compareCentsTotals,
  formatBudgetMonth,
  type CentsTotal,
} from '@paisable/contracts/rules';

import { BudgetProgress } from './budget-progress';
import { moveMonth, type ShownMonth } from './month';

type Line = RouterOutputs['budgets']['month']['budgets'][number];

/** Spent changes whenever a transaction does, on any page: always ask the server when the page opens. */
export const budgetMonthQuery = (month: ShownMonth) =>
  trpc.budgets.month.queryOptions(month, { staleTime: 0 });

/**
 * One month of budgets: a navigator, the month's totals (budgeted, spent, left, income and spending
 * without a budget), each budget with what it carried in from last month, spent and has left, and
 * "Copy last month's budgets".
 */
export function BudgetMonthView({
  month,
  currency,
  onMonthChange,
}: {
  month: ShownMonth;
  currency: string;
  onMonthChange: (month: ShownMonth) => void;
}) {
  const view = useQuery(budgetMonthQuery(month));
  const queryClient = useQueryClient();
  const copy = useMutation(
    trpc.budgets.copyPreviousMonth.mutationOptions({
      onSuccess: ({ copied }) => {
        const from = moveMonth(month, -1);
        const fromName = from ? formatBudgetMonth(from.month, from.year) : 'last month';
        if (copied === 0) toast.info(`Nothing to copy: every budget of ${fromName} is already here.`);
        else toast.success(`Copied ${copied} budget${copied === 1 ? '' : 's'} from ${fromName}`);
        return queryClient.invalidateQueries(trpc.budgets.pathFilter());
      },
      onError: () => toast.error('Could not copy last month’s budgets. Please try again.'),
    }),
  );
  const previous = moveMonth(month, -1);
  const next = moveMonth(month, 1);
  const name = formatBudgetMonth(month.month, month.year);
  const data = view.data;
  // Budgets are in the display currency; spending in others is converted by the server, each figure marked.
  const shownIn = data?.currency ?? currency;
  const notes = data?.conversions;

  return (
    <Card className="space-y-5 p-5" role="region" aria-labelledby="budget-month-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous month"
            disabled={!previous}
            onClick={() => previous && onMonthChange(previous)}
          >
            <ChevronLeft size={18} aria-hidden />
          </Button>
          <h2
            id="budget-month-title"
            className="min-w-40 text-center text-lg font-semibold"
            aria-live="polite"
          >
            {name}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Next month"
            disabled={!next}
            onClick={() => next && onMonthChange(next)}
          >
            <ChevronRight size={18} aria-hidden />
          </Button>
        </div>
        <Button variant="secondary" disabled={copy.isPending} onClick={() => copy.mutate(month)}>
          <Copy size={16} aria-hidden />
          Copy last month’s budgets
        </Button>
      </div>

      {view.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Could not load this month. Please reload the page.
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-busy={view.isFetching}>
          <Figure
            label="Available"
            cents={data && addCentsTotals(data.totals.budgetedCents, data.totals.carriedCents)}
            conversion={notes?.available}
            currency={shownIn}
          />
          <Figure
            label="Spent"
            cents={data?.totals.spentCents}
            conversion={notes?.spent}
            currency={shownIn}
          />
          <Figure
            label="Left"
            cents={data?.totals.leftCents}
            negative={data !== undefined && compareCentsTotals(data.totals.leftCents, '0') < 0}
            conversion={notes?.left}
            currency={shownIn}
          />
          <Figure
            label="Income"
            cents={data?.totals.incomeCents}
            conversion={notes?.income}
            currency={shownIn}
          />
          <Figure
            label="Without a budget"
            cents={data?.totals.unbudgetedCents}
            conversion={notes?.unbudgeted}
            currency={shownIn}
          />
        </dl>
      )}

      {data && data.budgets.length > 0 ? (
        <DataTable
          label={`Budgets of ${name}`}
          rows={data.budgets}
          rowKey={(line) => line.id}
          columns={columns(shownIn)}
          minWidth="min-w-[44rem]"
          card={(line) => <LineCard line={line} currency={shownIn} />}
        />
      ) : data ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No budgets for {name} yet. Add one, or copy last month’s.
        </p>
      ) : null}

      {data && data.unbudgeted.length > 0 ? (
        <section aria-labelledby="unbudgeted-title">
          <h3 id="unbudgeted-title" className="text-sm font-semibold">
            Spending without a budget
          </h3>
          <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {data.unbudgeted.map((line) => (
              <li key={line.category} className="flex justify-between gap-3 py-1.5">
                <span>{line.category}</span>
                <span className="tabular-nums">
                  <MarkedTotal cents={line.spentCents} conversion={line.conversion} currency={shownIn} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}

function Figure({
  label,
  cents,
  negative = false,
  conversion,
  currency,
}: {
  label: string;
  cents: CentsTotal | undefined;
  negative?: boolean;
  conversion: Conversion | undefined;
  currency: string;
}) {
  return (
    <div className="min-w-0">
      <dt
        className={cn(
          'text-xs text-slate-600 dark:text-slate-400',
          conversion && 'flex flex-wrap items-center gap-1',
        )}
      >
        {label}
        <ConvertedMark conversion={conversion} currency={currency} />
      </dt>
      <dd
        className={cn(
          'font-semibold tabular-nums [overflow-wrap:anywhere]',
          negative && 'text-red-700 dark:text-red-400',
        )}
      >
        {cents === undefined ? (
          '…'
        ) : (
          <TotalFigure cents={cents} conversion={conversion} currency={currency} />
        )}
      </dd>
    </div>
  );
}

/** What the budget has this month: its amount and what it carried in (never below zero for the bar). */
function available(line: Line): number {
  const cents = Number(addCentsTotals(line.budgetedCents, line.carriedCents));
  return cents > 0 ? cents : 0;
}

/** A line whose budget or spending has no exchange rate: what is left of it, and its bar, are not known. */
function unknownLine(line: Line): boolean {
  return isUnknownBudget({
    spentCents: line.spentCents,
    spentConversion: line.spentConversion,
    amountCents: line.budgetedCents,
    amountConversion: line.budgetedConversion,
  });
}

/** What is left of the line: a dash when not known (unknownLine), never a made-up figure. */
function LineLeft({ line, currency }: { line: Line; currency: string }) {
  return (
    <TotalFigure
      cents={line.leftCents}
      conversion={undefined}
      currency={currency}
      unknown={unknownLine(line)}
    />
  );
}

function leftClass(line: Line) {
  if (unknownLine(line)) return '';
  return compareCentsTotals(line.leftCents, '0') >= 0
    ? 'text-green-700 dark:text-green-400'
    : 'text-red-700 dark:text-red-400';
}

function columns(currency: string): Column<Line>[] {
  const amount = 'whitespace-nowrap tabular-nums';
  return [
    {
      key: 'category',
      header: 'Category',
      cell: (line) => (
        <span>
          {line.category}
          {line.rollover ? (
            <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">rolls over</span>
          ) : null}
        </span>
      ),
      cellClassName: 'font-medium',
    },
    {
      key: 'budgeted',
      header: 'Budgeted',
      align: 'right',
      // A budget set in another currency than the display one is converted at its month's rate (marked).
      cell: (line) => (
        <MarkedTotal
          cents={line.budgetedCents}
          conversion={line.budgetedConversion}
          currency={currency}
          budgetAmount
        />
      ),
      cellClassName: amount,
    },
    {
      key: 'carried',
      header: 'Carried in',
      align: 'right',
      cell: (line) => (
        <MarkedTotal cents={line.carriedCents} conversion={line.carriedConversion} currency={currency} />
      ),
      cellClassName: amount,
    },
    {
      key: 'spent',
      header: 'Spent',
      align: 'right',
      cell: (line) => (
        <MarkedTotal cents={line.spentCents} conversion={line.spentConversion} currency={currency} />
      ),
      cellClassName: amount,
    },
    {
      key: 'left',
      header: 'Left',
      align: 'right',
      cell: (line) => (
        <span className={leftClass(line)}>
          <LineLeft line={line} currency={currency} />
        </span>
      ),
      cellClassName: cn('font-medium', amount),
    },
    {
      key: 'progress',
      header: 'Progress',
      cell: (line) => (
        <BudgetProgress
          spentCents={line.spentCents}
          amountCents={available(line)}
          unknown={unknownLine(line)}
        />
      ),
    },
  ];
}

function LineCard({ line, currency }: { line: Line; currency: string }) {
  return (
    <div className="space-y-2">
      <p className="font-medium">
        {line.category}
        {line.rollover ? (
          <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">rolls over</span>
        ) : null}
      </p>
      <BudgetProgress
        spentCents={line.spentCents}
        amountCents={available(line)}
        unknown={unknownLine(line)}
      />
      <dl className="grid grid-cols-4 gap-2 text-sm">
        {(
          [
            ['Budgeted', line.budgetedCents, line.budgetedConversion],
            ['Carried in', line.carriedCents, line.carriedConversion],
            ['Spent', line.spentCents, line.spentConversion],
          ] as const
        ).map(([label, cents, conversion]) => (
          <div key={label}>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="tabular-nums">
              <MarkedTotal cents={cents} conversion={conversion} currency={currency} />
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Left</dt>
          <dd className={cn('font-medium tabular-nums', leftClass(line))}>
            <LineLeft line={line} currency={currency} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
