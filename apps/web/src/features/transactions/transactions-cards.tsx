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

type CardsProps = {
  items: Transaction[];
  currency: string;
  accountNames: AccountNames;
  /** The user's today: later rows are scheduled. */
  today: string;
  selected: ReadonlySet<string>;
  onSelectionChange: (selected: Set<string>) => void;
  onEdit: (transaction: Transaction) => void;
};

/**
 * The transactions on a phone: one card each with the name, the signed amount, the date, the category
 * and the account, all in view. Tapping a card opens it for editing (the form holds the note and the delete is a selection
 * away); the checkboxes select for the bulk delete as in the table.
 */
export function TransactionsCards({
  items,
  currency,
  accountNames,
  today,
  selected,
  onSelectionChange,
  onEdit,
}: CardsProps) {
  const { allSelected, toggle, toggleAll } = pageSelection(items, selected, onSelectionChange);

  return (
    <div>
      <label className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 text-sm font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <input
          type="checkbox"
          aria-label="Select all transactions on this page"
          checked={allSelected}
          onChange={toggleAll}
          className="h-4 w-4 accent-brand-700"
        />
        <span aria-hidden>Select all</span>
      </label>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Transactions">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 px-4">
            <input
              type="checkbox"
              aria-label={`Select ${item.name}`}
              checked={selected.has(item.id)}
              onChange={() => toggle(item.id)}
              className="h-4 w-4 shrink-0 accent-brand-700"
            />
            <button
              type="button"
              onClick={() => onEdit(item)}
              className="flex min-w-0 flex-1 items-start justify-between gap-3 py-3 text-left"
            >
              <span className="min-w-0">
                <span className="sr-only">Edit </span>
                <span className="block truncate font-medium" title={item.name}>
                  {item.name}
                </span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {formatDate(item.date)} · {item.category}
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                  <AccountLabel transaction={item} accountNames={accountNames} />
                  {item.cleared ? <ClearedMark /> : null}
                  {isScheduled(item, today) ? <ScheduledBadge /> : null}
                </span>
              </span>
              <AmountText
                amount={item.amount}
                isIncome={item.isIncome}
                isTransfer={item.transferId !== null}
                currency={currency}
                className="shrink-0"
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
