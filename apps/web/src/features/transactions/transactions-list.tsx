import { Button } from '~/components/ui/button';
import { DataTable, type Column, type TableSort } from '~/components/ui/data-table';
import { RowActions } from '~/components/ui/table';
import { formatDate } from '~/lib/format';
import type { PendingMark } from '~/lib/offline/pending-rows';
import { PanelRightOpen } from 'lucide-react';

import { PayeeLine } from '../payees/payee-line';
import { AmountText, PaidAbroad } from './amount-text';
import { pageSelection } from './page-selection';
import { PendingBadge } from './pending-mark';
import { CategoryCell, categoryLabel } from './split-lines';
import { TagChips } from './tag-chips';
import type { Transaction } from './transaction-form-dialog';
import {
  AccountLabel,
  ClearedMark,
  isScheduled,
  ScheduledBadge,
  type AccountNames,
} from './transaction-marks';

type ListProps = {
  items: Transaction[];
  currency: string;
  accountNames: AccountNames;
  /** The user's today: later rows are scheduled. */
  today: string;
  /** The page knows the width: a table from tablet width up, cards on a phone. */
  view: 'table' | 'cards';
  selected: ReadonlySet<string>;
  onSelectionChange: (selected: Set<string>) => void;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
  onDetails: (transaction: Transaction) => void;
  /** The list's sort: Name, Category, Amount and Date headers sort it. */
  sort?: TableSort;
  /** Rows changed on this device with no network, by id: marked until they are sent. */
  pending?: ReadonlyMap<string, PendingMark>;
};

const checkboxClass = 'h-4 w-4 shrink-0 accent-brand-700';
const linkClass = 'text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';

/**
 * One page of transactions: the spec's table (checkbox, Name, Category, Amount, Date, Note, Actions, with
 * the account beside the name) from tablet width up, and a card per row on a phone. Every width reaches a
 * row's details (its note and receipt) from the open button beside Edit.
 */
export function TransactionsList({
  items,
  currency,
  accountNames,
  today,
  view,
  selected,
  onSelectionChange,
  onEdit,
  onDelete,
  onDetails,
  sort,
  pending,
}: ListProps) {
  const { allSelected, toggle, toggleAll } = pageSelection(items, selected, onSelectionChange);
  const selectAll = (
    <input
      type="checkbox"
      aria-label="Select all transactions on this page"
      checked={allSelected}
      onChange={toggleAll}
      className={checkboxClass}
    />
  );
  const selectOne = (item: Transaction) => (
    <input
      type="checkbox"
      aria-label={`Select ${item.name}`}
      checked={selected.has(item.id)}
      onChange={() => toggle(item.id)}
      className={checkboxClass}
    />
  );
  const amount = (item: Transaction, className?: string) => (
    <>
      <AmountText
        amount={item.amount}
        isIncome={item.isIncome}
        isTransfer={item.transferId !== null}
        currency={item.currency || currency}
        className={className}
      />
      <PaidAbroad transaction={item} />
    </>
  );
  const marks = (item: Transaction) => (
    <>
      <PendingBadge mark={pending?.get(item.id)} />
      {item.cleared ? <ClearedMark /> : null}
      {isScheduled(item, today) ? <ScheduledBadge /> : null}
    </>
  );
  const openButton = (item: Transaction, className?: string) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Open ${item.name}`}
      title="Details"
      onClick={() => onDetails(item)}
      className={className}
    >
      <PanelRightOpen size={16} aria-hidden />
    </Button>
  );

  const columns: Column<Transaction>[] = [
    { key: 'select', header: selectAll, cell: selectOne, className: 'w-10' },
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cellClassName: 'max-w-[12rem] lg:max-w-[16rem]',
      cell: (item) => (
        <>
          <span className="block truncate font-medium" title={item.name}>
            {item.name}
          </span>
          <PayeeLine transaction={item} />
          <TagChips tags={item.tags} className="mt-1" />
          {/* On a tablet the account and category show under the name instead, so the actions stay in view. */}
          <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600 lg:hidden dark:text-slate-400">
            <AccountLabel transaction={item} accountNames={accountNames} />
            <span aria-hidden>·</span>
            <span>{categoryLabel(item)}</span>
          </span>
        </>
      ),
    },
    {
      key: 'account',
      header: 'Account',
      className: 'max-lg:hidden',
      cellClassName: 'text-slate-700 dark:text-slate-300',
      cell: (item) => <AccountLabel transaction={item} accountNames={accountNames} />,
    },
    {
      key: 'category',
      header: 'Category',
      sortKey: 'category',
      className: 'max-lg:hidden',
      cell: (item) => <CategoryCell row={item} currency={item.currency || currency} />,
    },
    { key: 'amount', header: 'Amount', sortKey: 'amount', align: 'right', cell: (item) => amount(item) },
    {
      key: 'date',
      header: 'Date',
      sortKey: 'date',
      cellClassName: 'text-slate-700 dark:text-slate-300',
      cell: (item) => (
        <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
          <span className="whitespace-nowrap">{formatDate(item.date)}</span>
          {marks(item)}
        </span>
      ),
    },
    {
      // The spec's Details button, where there is a note to read; the open button reaches every row's details.
      key: 'note',
      header: 'Note',
      className: 'max-lg:hidden',
      cell: (item) =>
        item.note ? (
          <button
            type="button"
            onClick={() => onDetails(item)}
            className={linkClass}
            aria-label={`Details of ${item.name}`}
          >
            Details
          </button>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">
            <span aria-hidden>—</span>
            <span className="sr-only">No note</span>
          </span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (item) => (
        <div className="flex justify-end gap-1">
          {openButton(item)}
          <RowActions label={item.name} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
        </div>
      ),
    },
  ];

  return (
    <div>
      {view === 'cards' ? (
        <label className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 text-sm font-medium text-slate-600 dark:border-slate-800 dark:text-slate-400">
          {selectAll}
          <span aria-hidden>Select all</span>
        </label>
      ) : null}
      <DataTable
        label="Transactions"
        rows={items}
        rowKey={(item) => item.id}
        columns={columns}
        view={view}
        minWidth="min-w-[40rem]"
        isSelected={(item) => selected.has(item.id)}
        // A delete waiting to be sent: still listed, faded.
        rowClassName={(item) => (pending?.get(item.id)?.change === 'deleted' ? 'opacity-60' : undefined)}
        sort={sort}
        card={(item) => (
          // Tapping a card opens it for editing; the open button under the amount shows its details and receipt.
          <div className="flex items-start gap-3">
            <span className="pt-0.5">{selectOne(item)}</span>
            <button type="button" onClick={() => onEdit(item)} className="min-w-0 flex-1 text-left">
              <span className="sr-only">Edit </span>
              <span className="block truncate font-medium" title={item.name}>
                {item.name}
              </span>
              <PayeeLine transaction={item} />
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {formatDate(item.date)} · {categoryLabel(item)}
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                <AccountLabel transaction={item} accountNames={accountNames} />
                {marks(item)}
              </span>
              <TagChips tags={item.tags} className="mt-1.5" />
            </button>
            <div className="flex shrink-0 flex-col items-end gap-1">
              {amount(item)}
              {openButton(item, '-mr-2 h-8 w-8')}
            </div>
          </div>
        )}
      />
    </div>
  );
}
