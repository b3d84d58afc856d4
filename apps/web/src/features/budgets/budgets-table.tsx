import { ConvertedMark, MarkedTotal, TotalFigure, WithMark } from '~/components/converted-mark';
import { DataTable, type Column } from '~/components/ui/data-table';
import { RowActions } from '~/components/ui/table';
import { cn } from '~/lib/cn';
import { isUnknownBudget } from '~/lib/conversion-text';
import type { RouterOutputs } from '~/lib/trpc';
import type { ReactNode } from 'react';

import {
  budgetProgress,
  compareCentsTotals,
  formatBudgetMonth,
  toCentsTotal,
} from '@paisable/contracts/rules';

import { BudgetProgress, spentColours } from './budget-progress';

export type Budget = RouterOutputs['budgets']['list'][number];

type TableProps = {
  items: Budget[];
  currency: string;
  onEdit: (budget: Budget) => void;
  onDelete: (budget: Budget) => void;
};

/** A table from tablet width up; on a phone, one card per budget. */
export function BudgetsTable({ items, currency, onEdit, onDelete }: TableProps) {
  const actions = (budget: Budget) => (
    <RowActions label={rowLabel(budget)} onEdit={() => onEdit(budget)} onDelete={() => onDelete(budget)} />
  );
  const columns: Column<Budget>[] = [
    { key: 'category', header: 'Category', cell: (budget) => budget.category, cellClassName: 'font-medium' },
    {
      key: 'month',
      header: 'Month',
      cell: monthOf,
      cellClassName: 'whitespace-nowrap text-slate-700 dark:text-slate-300',
    },
    {
      key: 'amount',
      header: 'Budget',
      align: 'right',
      // Set in another currency than the display one: converted at its month's rate, marked.
      cell: (budget) => (
        <MarkedTotal
          cents={toCentsTotal(budget.amountCents)}
          conversion={budget.amountConversion}
          currency={currency}
          budgetAmount
        />
      ),
      cellClassName: 'whitespace-nowrap tabular-nums',
    },
    {
      key: 'spent',
      header: 'Spent',
      align: 'right',
      cell: (budget) => (
        <WithMark conversion={budget.spentConversion} currency={currency} markFirst>
          <span className={spentColour(budget)}>
            <TotalFigure cents={budget.spentCents} conversion={budget.spentConversion} currency={currency} />
          </span>
        </WithMark>
      ),
      cellClassName: 'whitespace-nowrap tabular-nums',
    },
    {
      key: 'remaining',
      header: 'Remaining',
      align: 'right',
      cell: (budget) => (
        <span className={remainingColour(budget)}>
          <BudgetLeft budget={budget} currency={currency} />
        </span>
      ),
      cellClassName: 'font-medium whitespace-nowrap tabular-nums',
    },
    {
      key: 'progress',
      header: 'Progress',
      cell: (budget) => (
        <BudgetProgress
          spentCents={budget.spentCents}
          amountCents={budget.amountCents}
          unknown={unknownBudget(budget)}
        />
      ),
    },
    { key: 'actions', header: 'Actions', align: 'right', cell: actions },
  ];
  return (
    <DataTable
      label="Budgets"
      rows={items}
      rowKey={(budget) => budget.id}
      columns={columns}
      minWidth="min-w-[48rem]"
      card={(budget) => <BudgetCard budget={budget} currency={currency} actions={actions(budget)} />}
    />
  );
}

/** "Groceries March 2025": names a row's buttons for screen readers. */
function rowLabel(budget: Budget) {
  return `${budget.category} ${monthOf(budget)}`;
}

function monthOf(budget: Budget) {
  return formatBudgetMonth(budget.month, budget.year);
}

/** A budget whose amount or spending has no exchange rate: what is left of it, and its bar, are not known. */
function unknownBudget(budget: Budget): boolean {
  return isUnknownBudget({
    spentCents: budget.spentCents,
    spentConversion: budget.spentConversion,
    amountCents: toCentsTotal(budget.amountCents),
    amountConversion: budget.amountConversion,
  });
}

/** What is left of the budget: a dash when not known (unknownBudget), never a made-up figure. */
function BudgetLeft({ budget, currency }: { budget: Budget; currency: string }) {
  return (
    <TotalFigure
      cents={budget.remainingCents}
      conversion={undefined}
      currency={currency}
      unknown={unknownBudget(budget)}
    />
  );
}

function spentColour(budget: Budget) {
  if (unknownBudget(budget)) return '';
  return spentColours[budgetProgress(budget.spentCents, budget.amountCents).status];
}

function remainingColour(budget: Budget) {
  if (unknownBudget(budget)) return '';
  return compareCentsTotals(budget.remainingCents, '0') >= 0
    ? 'text-green-700 dark:text-green-400'
    : 'text-red-700 dark:text-red-400';
}

function BudgetCard({ budget, currency, actions }: { budget: Budget; currency: string; actions: ReactNode }) {
  return (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-medium">{budget.category}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{monthOf(budget)}</p>
        </div>
        {actions}
      </div>
      <BudgetProgress
        spentCents={budget.spentCents}
        amountCents={budget.amountCents}
        unknown={unknownBudget(budget)}
      />
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Budget</dt>
          <dd className="tabular-nums">
            <MarkedTotal
              cents={toCentsTotal(budget.amountCents)}
              conversion={budget.amountConversion}
              currency={currency}
              budgetAmount
            />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Spent</dt>
          <dd className={cn('tabular-nums', spentColour(budget))}>
            <ConvertedMark conversion={budget.spentConversion} currency={currency} className="mr-1" />
            <TotalFigure cents={budget.spentCents} conversion={budget.spentConversion} currency={currency} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Remaining</dt>
          <dd className={cn('font-medium tabular-nums', remainingColour(budget))}>
            <BudgetLeft budget={budget} currency={currency} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
