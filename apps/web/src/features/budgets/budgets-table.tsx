import { Pencil, Trash2 } from 'lucide-react';

import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { formatMoney } from '~/lib/format';
import type { RouterOutputs } from '~/lib/trpc';
import { BudgetProgress } from './budget-progress';

export type Budget = RouterOutputs['budgets']['list'][number];

const th =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';

type TableProps = {
  items: Budget[];
  currency: string;
  onEdit: (budget: Budget) => void;
  onDelete: (budget: Budget) => void;
};

export function BudgetsTable({ items, currency, onEdit, onDelete }: TableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className={th}>
              Category
            </th>
            <th scope="col" className={th}>
              Month
            </th>
            <th scope="col" className={`${th} text-right`}>
              Budget
            </th>
            <th scope="col" className={`${th} text-right`}>
              Spent
            </th>
            <th scope="col" className={`${th} text-right`}>
              Remaining
            </th>
            <th scope="col" className={th}>
              Progress
            </th>
            <th scope="col" className={`${th} text-right`}>
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
                  {formatMoney(budget.spent, currency)}
                </td>
                <td
                  className={cn(
                    'px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums',
                    budget.remainingCents >= 0
                      ? 'text-green-700 dark:text-green-400'
                      : 'text-red-700 dark:text-red-400',
                  )}
                >
                  {formatMoney(budget.remaining, currency)}
                </td>
                <td className="px-3 py-3">
                  <BudgetProgress spentCents={budget.spentCents} amountCents={budget.amountCents} />
                </td>
                <td className="px-3 py-3">
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${label}`}
                      onClick={() => onEdit(budget)}
                    >
                      <Pencil size={16} aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${label}`}
                      onClick={() => onDelete(budget)}
                      className="text-red-700 dark:text-red-400"
                    >
                      <Trash2 size={16} aria-hidden />
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
