import { headerCell, RowActions } from '~/components/ui/table';
import { formatDate } from '~/lib/format';

import { AmountText } from './amount-text';
import { pageSelection } from './page-selection';
import type { Transaction } from './transaction-form-dialog';
import {
  AccountLabel,
  ClearedMark,
  isScheduled,
  ScheduledBadge,
  type AccountNames,
} from './transaction-marks';

type TableProps = {
  items: Transaction[];
  currency: string;
  accountNames: AccountNames;
  /** The user's today: later rows are scheduled. */
  today: string;
  selected: ReadonlySet<string>;
  onSelectionChange: (selected: Set<string>) => void;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
  onDetails: (transaction: Transaction) => void;
};

export function TransactionsTable({
  items,
  currency,
  accountNames,
  today,
  selected,
  onSelectionChange,
  onEdit,
  onDelete,
  onDetails,
}: TableProps) {
  const { allSelected, toggle, toggleAll } = pageSelection(items, selected, onSelectionChange);

  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            <th scope="col" className="w-10 px-3 py-3">
              <input
                type="checkbox"
                aria-label="Select all transactions on this page"
                checked={allSelected}
                onChange={toggleAll}
                className="h-4 w-4 accent-brand-700"
              />
            </th>
            <th scope="col" className={headerCell}>
              Name
            </th>
            {/* On a tablet the account shows under the name instead, so the actions stay in view. */}
            <th scope="col" className={`${headerCell} max-lg:hidden`}>
              Account
            </th>
            <th scope="col" className={headerCell}>
              Category
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Amount
            </th>
            <th scope="col" className={headerCell}>
              Date
            </th>
            {/* On a tablet the note column gives way so the actions stay in view; the edit form shows the note. */}
            <th scope="col" className={`${headerCell} max-lg:hidden`}>
              Note
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((item) => (
            <tr
              key={item.id}
              className="hover:bg-slate-50 dark:hover:bg-slate-800/50"
              aria-selected={selected.has(item.id)}
            >
              <td className="px-3 py-3">
                <input
                  type="checkbox"
                  aria-label={`Select ${item.name}`}
                  checked={selected.has(item.id)}
                  onChange={() => toggle(item.id)}
                  className="h-4 w-4 accent-brand-700"
                />
              </td>
              <td className="max-w-[12rem] px-3 py-3 lg:max-w-[16rem]">
                <span className="block truncate font-medium" title={item.name}>
                  {item.name}
                </span>
                <span className="block text-xs text-slate-600 lg:hidden dark:text-slate-400">
                  <AccountLabel transaction={item} accountNames={accountNames} />
                </span>
              </td>
              <td className="px-3 py-3 text-slate-700 max-lg:hidden dark:text-slate-300">
                <AccountLabel transaction={item} accountNames={accountNames} />
              </td>
              <td className="px-3 py-3">
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  {item.category}
                </span>
              </td>
              <td className="px-3 py-3 text-right">
                <AmountText
                  amount={item.amount}
                  isIncome={item.isIncome}
                  isTransfer={item.transferId !== null}
                  currency={currency}
                />
              </td>
              <td className="px-3 py-3 text-slate-700 dark:text-slate-300">
                <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
                  <span className="whitespace-nowrap">{formatDate(item.date)}</span>
                  {item.cleared ? <ClearedMark /> : null}
                  {isScheduled(item, today) ? <ScheduledBadge /> : null}
                </span>
              </td>
              <td className="px-3 py-3 max-lg:hidden">
                <button
                  type="button"
                  onClick={() => onDetails(item)}
                  className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                  aria-label={`Details of ${item.name}`}
                >
                  Details
                </button>
              </td>
              <td className="px-3 py-3">
                <RowActions label={item.name} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
