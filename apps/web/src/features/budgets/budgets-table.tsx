import { ResponsiveList } from '~/components/ui/list-page';
import { headerCell, RowActions } from '~/components/ui/table';
import { cn } from '~/lib/cn';
import { formatMoney, formatMoneyTotal } from '~/lib/format';
import type { RouterOutputs } from '~/lib/trpc';

import { compareCentsTotals } from '@paisable/contracts/rules';

import { BudgetProgress } from './budget-progress';

export type Budget = RouterOutputs['budgets']['list'][number];

type TableProps = {
  items: Budget[];
  currency: string;
  onEdit: (budget: Budget) => void;
  onDelete: (budget: Budget) => void;
};

/** A table from tablet width up; on a phone, one card per budget. */
export function BudgetsTable(props: TableProps) {
  return (
    <ResponsiveList
      table={<BudgetsGrid {...props} />}
      cards={props.items.map((budget) => (
        <BudgetCard key={budget.id} budget={budget} {...props} />
      ))}
    />
  );
}

function BudgetCard({ budget, currency, onEdit, onDelete }: Omit<TableProps, 'items'> & { budget: Budget }) {
  const label = `${budget.category} ${budget.month}/${budget.year}`;
  return (
    <li className="space-y-3 px-4 py-4">
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-medium">{budget.category}</p>
          <p className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
            {budget.month}/{budget.year}
          </p>
        </div>
        <RowActions label={label} onEdit={() => onEdit(budget)} onDelete={() => onDelete(budget)} />
      </div>
      <BudgetProgress spentCents={budget.spentCents} amountCents={budget.amountCents} />
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Budget</dt>
          <dd className="tabular-nums">{formatMoney(budget.amount, currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Spent</dt>
          <dd className="text-red-700 tabular-nums dark:text-red-400">
            {formatMoneyTotal(budget.spentCents, currency)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Remaining</dt>
          <dd className={cn('font-medium tabular-nums', remainingColour(budget))}>
            {formatMoneyTotal(budget.remainingCents, currency)}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function remainingColour(budget: Budget) {
  return compareCentsTotals(budget.remainingCents, '0') >= 0
    ? 'text-green-700 dark:text-green-400'
    : 'text-red-700 dark:text-red-400';
}

function BudgetsGrid({ items, currency, onEdit, onDelete }: TableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className={headerCell}>
              Category
            </th>
            <th scope="col" className={headerCell}>
              Month
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Budget
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Spent
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Remaining
            </th>
            <th scope="col" className={headerCell}>
              Progress
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((budget) => {
            const label = `${budget.category} ${budget.month}/${budget.year}`;
            return (
              <tr key={budget.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
                <td className="px-3 py-3 font-medium">{budget.category}</td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700 tabular-nums dark:text-slate-300">
                  {budget.month}/{budget.year}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {formatMoney(budget.amount, currency)}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap text-red-700 tabular-nums dark:text-red-400">
                  {formatMoneyTotal(budget.spentCents, currency)}
                </td>
                <td
                  className={cn(
                    'px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums',
                    remainingColour(budget),
                  )}
                >
                  {formatMoneyTotal(budget.remainingCents, currency)}
                </td>
                <td className="px-3 py-3">
                  <BudgetProgress spentCents={budget.spentCents} amountCents={budget.amountCents} />
                </td>
                <td className="px-3 py-3">
                  <RowActions label={label} onEdit={() => onEdit(budget)} onDelete={() => onDelete(budget)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
