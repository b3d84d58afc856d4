import { ResponsiveList } from '~/components/ui/list-page';
import { headerCell, RowActions } from '~/components/ui/table';
import { AmountText } from '~/features/transactions/amount-text';
import { formatDate } from '~/lib/format';
import type { RouterOutputs } from '~/lib/trpc';

import { FREQUENCY_LABELS } from '@paisable/contracts/rules';

export type RecurringRule = RouterOutputs['recurring']['list'][number];

type TableProps = {
  items: RecurringRule[];
  currency: string;
  onEdit: (rule: RecurringRule) => void;
  onDelete: (rule: RecurringRule) => void;
};

/** A table from tablet width up; on a phone, one card per rule. */
export function RecurringTable(props: TableProps) {
  return (
    <ResponsiveList
      table={<RecurringGrid {...props} />}
      cards={props.items.map((rule) => (
        <RecurringCard key={rule.id} rule={rule} {...props} />
      ))}
    />
  );
}

function RecurringCard({ rule, ...props }: Omit<TableProps, 'items'> & { rule: RecurringRule }) {
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-4">
      <div className="min-w-0 space-y-1">
        <p className="truncate font-medium" title={rule.name}>
          {rule.name}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {rule.category} · {FREQUENCY_LABELS[rule.frequency]} · {rule.isIncome ? 'Income' : 'Expense'}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Next due: <NextDue rule={rule} />
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <AmountText amount={rule.amount} isIncome={rule.isIncome} currency={props.currency} />
        <RowActions
          label={rule.name}
          onEdit={() => props.onEdit(rule)}
          onDelete={() => props.onDelete(rule)}
        />
      </div>
    </li>
  );
}

function NextDue({ rule }: { rule: RecurringRule }) {
  if (rule.nextDueDate) return <>{formatDate(rule.nextDueDate)}</>;
  return <span title={rule.endDate ? `Ended on ${formatDate(rule.endDate)}` : undefined}>Ended</span>;
}

function RecurringGrid({ items, currency, onEdit, onDelete }: TableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[50rem] text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className={headerCell}>
              Name
            </th>
            <th scope="col" className={headerCell}>
              Category
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Amount
            </th>
            <th scope="col" className={headerCell}>
              Type
            </th>
            <th scope="col" className={headerCell}>
              Frequency
            </th>
            <th scope="col" className={headerCell}>
              Next Due
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
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
                <NextDue rule={rule} />
              </td>
              <td className="px-3 py-3">
                <RowActions label={rule.name} onEdit={() => onEdit(rule)} onDelete={() => onDelete(rule)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
