import { FREQUENCY_LABELS } from '@paisable/contracts';
import { Pencil, Trash2 } from 'lucide-react';

import { Button } from '~/components/ui/button';
import { AmountText } from '~/features/transactions/amount-text';
import { formatDate } from '~/lib/format';
import type { RouterOutputs } from '~/lib/trpc';

export type RecurringRule = RouterOutputs['recurring']['list'][number];

const th =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';

type TableProps = {
  items: RecurringRule[];
  currency: string;
  onEdit: (rule: RecurringRule) => void;
  onDelete: (rule: RecurringRule) => void;
};

export function RecurringTable({ items, currency, onEdit, onDelete }: TableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[50rem] text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              Category
            </th>
            <th scope="col" className={`${th} text-right`}>
              Amount
            </th>
            <th scope="col" className={th}>
              Type
            </th>
            <th scope="col" className={th}>
              Frequency
            </th>
            <th scope="col" className={th}>
              Next Due
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((rule) => (
            <tr key={rule.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
              <td className="max-w-[16rem] truncate px-3 py-3 font-medium" title={rule.name}>
                {rule.name}
              </td>
              <td className="px-3 py-3">
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  {rule.category}
                </span>
              </td>
              <td className="px-3 py-3 text-right">
                <AmountText amount={rule.amount} isIncome={rule.isIncome} currency={currency} />
              </td>
              <td className="px-3 py-3 text-slate-700 dark:text-slate-300">
                {rule.isIncome ? 'Income' : 'Expense'}
              </td>
              <td className="px-3 py-3 text-slate-700 dark:text-slate-300">
                {FREQUENCY_LABELS[rule.frequency]}
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700 dark:text-slate-300">
                {rule.nextDueDate ? (
                  formatDate(rule.nextDueDate)
                ) : (
                  <span title={rule.endDate ? `Ended on ${formatDate(rule.endDate)}` : undefined}>Ended</span>
                )}
              </td>
              <td className="px-3 py-3">
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${rule.name}`}
                    onClick={() => onEdit(rule)}
                  >
                    <Pencil size={16} aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${rule.name}`}
                    onClick={() => onDelete(rule)}
                    className="text-red-700 dark:text-red-400"
                  >
                    <Trash2 size={16} aria-hidden />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
