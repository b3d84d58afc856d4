import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { PendingTotalsNote } from '~/components/pending-totals-note';
import { NoticeBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Pager } from '~/components/ui/pager';
import { Select } from '~/components/ui/select';
import { TitleRow } from '~/components/ui/title-row';
import { cn } from '~/lib/cn';
import { todayIn } from '~/lib/format';
import { accountCurrencies, withPendingChanges } from '~/lib/offline/pending-rows';
import { useQueuedChanges } from '~/lib/offline/queue-sync';
import { downloadFile } from '~/lib/rest';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { PHONE_QUERY, useMediaQuery } from '~/lib/use-media-query';
import {
  ArrowRightLeft,
  Download,
  PencilLine,
  Plus,
  SlidersHorizontal,
  Tags,
  Trash2,
  Upload,
} from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';

import {
  sortCategories,
  TRANSACTION_SORTS,
  type SortOrder,
  type TransactionSort,
} from '@paisable/contracts/rules';

import { accountsQuery } from '../accounts/accounts-query';
import { TransferFormDialog } from '../accounts/transfer-form-dialog';
import { BulkEditDialog } from './bulk-edit-dialog';
import { clearedDeleteWarning, ConfirmClearedEdit } from './cleared-warning';
import { FilterBar } from './filter-bar';
import {
  activeFilterCount,
  exportQuery,
  hasFilters,
  listInput,
  matchesView,
  nextSort,
  sortOf,
  type TransactionSearch,
} from './filters';
import { ImportDialog } from './import-dialog';
import { ManageCategoriesDialog } from './manage-categories-dialog';
import { BLANK_ROW } from './pending-mark';
import { TransactionDetailsDialog } from './transaction-details-dialog';
import { TransactionFormDialog, type Transaction } from './transaction-form-dialog';
import { TransactionsList } from './transactions-list';
import { useBulkEdit } from './use-bulk-edit';
import { useDeleteTransactions } from './use-delete-transactions';

type PageProps = {
  search: TransactionSearch;
  /** Replaces the URL's filters; `page` is reset unless given. */
  onSearchChange: (change: (previous: TransactionSearch) => TransactionSearch) => void;
  /** Values of the opening link that could not be used (a day that does not exist), left out. */
  linkProblems?: string[];
  onDismissLinkProblems?: () => void;
  /** Opens the new-transaction form at once (the installed app's "Add expense" shortcut). */
  startAdding?: boolean;
};

export function TransactionsPage({
  search,
  onSearchChange,
  linkProblems = [],
  onDismissLinkProblems,
  startAdding = false,
}: PageProps) {
  const { data: user } = useSuspenseQuery(meQuery());
  const { data: categories } = useSuspenseQuery(trpc.categories.list.queryOptions());
  const list = useQuery({
    ...trpc.transactions.list.queryOptions(listInput(search)),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery(trpc.transactions.summary.queryOptions());
  const accounts = useQuery(accountsQuery());
  const accountList = accounts.data?.accounts;
  const accountNames = useMemo(
    () => new Map((accountList ?? []).map((account) => [account.id, account.name])),
    [accountList],
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<Transaction | 'new' | null>(startAdding ? 'new' : null);
  const [details, setDetails] = useState<Transaction | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [bulkEditing, setBulkEditing] = useState(false);
  const [managing, setManaging] = useState(false);
  const [importing, setImporting] = useState(false);
  const [transferring, setTransferring] = useState(false);
  // A reconciled row asks before it opens for editing.
  const [confirmingEdit, setConfirmingEdit] = useState<Transaction | null>(null);
  const deletion = useDeleteTransactions();
  const bulkEdit = useBulkEdit();
  const isPhone = useMediaQuery(PHONE_QUERY);
  // On a phone the filters fold behind a button so the transactions stay on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterCount = activeFilterCount(search);

  const page = search.page ?? 1;
  const today = todayIn(user.timeZone);
  // What waits on the device (changes made offline) shows marked pending: an edit or delete wherever its
  // row is, a new row on the first page when the filters would keep it.
  const queued = useQueuedChanges();
  const pending = useMemo(
    () =>
      withPendingChanges(
        list.data?.items ?? [],
        queued,
        BLANK_ROW,
        { today, currencies: accountCurrencies(accountList ?? []) },
        (row) => (page === 1 ? matchesView(row, search) : false),
      ),
    [list.data, page, queued, today, search, accountList],
  );
  const items = pending.rows;
  const totalPages = list.data?.totalPages ?? 0;
  const visibleSelection = new Set(items.filter((item) => selected.has(item.id)).map((item) => item.id));
  const deletingRows = items.filter((item) => deleting?.includes(item.id));
  const deletingCleared = deletingRows.filter((item) => item.cleared).length;
  const deletingTransfer = deletingRows.some((item) => item.transferId !== null);

  // A transfer's side opens the transfer (both accounts, one amount), unless the user asks for the row.
  const [editingTransfer, setEditingTransfer] = useState<Transaction | null>(null);
  function openEditor(transaction: Transaction) {
    if (transaction.transferId && transaction.transferAccountId) setEditingTransfer(transaction);
    else setEditing(transaction);
  }
  function startEdit(transaction: Transaction) {
    if (transaction.cleared) setConfirmingEdit(transaction);
    else openEditor(transaction);
  }

  // After deleting the last rows of a page, step back to the last page that still has rows.
  useEffect(() => {
    if (list.data && page > 1 && page > list.data.totalPages)
      onSearchChange((previous) => ({ ...previous, page: Math.max(1, list.data.totalPages) }));
  }, [list.data, page, onSearchChange]);

  // A new page or filter starts with nothing selected.
  const [selectionView, setSelectionView] = useState(search);
  if (selectionView !== search) {
    setSelectionView(search);
    setSelected(new Set());
  }

  function changeFilters(filters: Partial<TransactionSearch>) {
    onSearchChange((previous) => ({ ...previous, ...filters, page: undefined }));
  }

  // A new sort starts at the first page; the filters stay.
  function changeSort(sort: TransactionSort, order?: SortOrder) {
    onSearchChange((previous) => ({ ...previous, ...nextSort(previous, sort, order), page: undefined }));
  }
  const sorted = sortOf(search);
  // "Clear filters" keeps the sort.
  const clearFilters = () => onSearchChange((previous) => ({ sort: previous.sort, order: previous.order }));

  async function exportCsv(filtered: boolean) {
    try {
      const query = filtered ? exportQuery(search) : '';
      await downloadFile(`/api/transactions/export${query}`, 'paisable_transactions.csv');
    } catch {
      toast.error('Failed to export CSV. Please try again.');
    }
  }

  return (
    <div className="space-y-6">
      <TitleRow>
        <h1 className="text-2xl font-bold">Transactions</h1>
        <div className="flex flex-wrap gap-2">
          {visibleSelection.size > 0 ? (
            <Button variant="secondary" onClick={() => setBulkEditing(true)}>
              <PencilLine size={16} aria-hidden />
              Edit ({visibleSelection.size})
            </Button>
          ) : null}
          {visibleSelection.size > 0 ? (
            <Button variant="danger" onClick={() => setDeleting([...visibleSelection])}>
              <Trash2 size={16} aria-hidden />
              Delete ({visibleSelection.size})
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setManaging(true)}>
            <Tags size={16} aria-hidden />
            Manage Categories
          </Button>
          <Button variant="secondary" onClick={() => void exportCsv(false)}>
            <Download size={16} aria-hidden />
            Export to CSV
          </Button>
          {filterCount > 0 ? (
            <Button variant="secondary" onClick={() => void exportCsv(true)}>
              <Download size={16} aria-hidden />
              {filteredExportLabel(list.data?.total)}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <Upload size={16} aria-hidden />
            Import
          </Button>
          <Button variant="secondary" onClick={() => setTransferring(true)}>
            <ArrowRightLeft size={16} aria-hidden />
            Transfer
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Plus size={16} aria-hidden />
            Add Transaction
          </Button>
        </div>
      </TitleRow>

      {linkProblems.length > 0 ? (
        <NoticeBox onDismiss={onDismissLinkProblems}>
          This link asked for something that does not exist, so it was left out: {linkProblems.join(', ')}.
        </NoticeBox>
      ) : null}

      <Button
        variant="secondary"
        className="sm:hidden"
        aria-expanded={filtersOpen}
        aria-controls="transaction-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        <SlidersHorizontal size={16} aria-hidden />
        Filters ({filterCount})
      </Button>
      <Card id="transaction-filters" className={cn('p-4', !filtersOpen && 'max-sm:hidden')}>
        {/* Folded on a phone, the filters are not drawn at all: the first screen has less to render. */}
        {filtersOpen || !isPhone ? (
          <FilterBar
            search={search}
            categories={sortCategories([...categories.expense, ...categories.income])}
            accounts={accountList ?? []}
            onChange={changeFilters}
            onClear={clearFilters}
          />
        ) : null}
      </Card>

      {isPhone ? (
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          Sort by
          <Select
            className="w-auto flex-1"
            value={`${sorted.sort} ${sorted.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(' ') as [TransactionSort, SortOrder];
              changeSort(sort, order);
            }}
          >
            {TRANSACTION_SORTS.flatMap((sort) =>
              (['desc', 'asc'] as const).map((order) => (
                <option key={`${sort} ${order}`} value={`${sort} ${order}`}>
                  {SORT_LABELS[sort][order]}
                </option>
              )),
            )}
          </Select>
        </label>
      ) : null}

      <PendingTotalsNote what="Totals and exports" />
      <Card aria-busy={list.isFetching}>
        {list.isPending ? (
          <p className="px-6 py-16 text-center text-slate-600 dark:text-slate-400">Loading transactions…</p>
        ) : items.length === 0 ? (
          <EmptyList filtered={hasFilters(search)} onClear={clearFilters} />
        ) : (
          <TransactionsList
            items={items}
            view={isPhone ? 'cards' : 'table'}
            currency={user.defaultCurrency}
            accountNames={accountNames}
            today={today}
            selected={visibleSelection}
            onSelectionChange={setSelected}
            onEdit={startEdit}
            onDelete={(transaction) => setDeleting([transaction.id])}
            onDetails={setDetails}
            pending={pending.marks}
            sort={{
              key: sorted.sort,
              order: sorted.order,
              onSort: (key) => changeSort(key as TransactionSort),
            }}
          />
        )}
      </Card>

      <Pager
        page={page}
        totalPages={totalPages}
        onChange={(next) => onSearchChange((previous) => ({ ...previous, page: next }))}
      />

      <TransactionFormDialog
        open={editing !== null}
        transaction={editing === 'new' || editing === null ? undefined : editing}
        categories={categories}
        today={today}
        currency={user.defaultCurrency}
        balanceCents={summary.data?.balanceCents}
        onDone={() => setEditing(null)}
      />
      <TransactionDetailsDialog
        transaction={details}
        currency={user.defaultCurrency}
        accountNames={accountNames}
        today={today}
        onClose={() => setDetails(null)}
      />
      {bulkEditing ? (
        <BulkEditDialog
          rows={items.filter((item) => visibleSelection.has(item.id) && !pending.marks.has(item.id))}
          waiting={items.filter((item) => visibleSelection.has(item.id) && pending.marks.has(item.id))}
          categories={categories}
          accounts={accountList ?? []}
          today={today}
          bulk={bulkEdit}
          onDone={(edited) => {
            setBulkEditing(false);
            if (edited) setSelected(new Set());
          }}
        />
      ) : null}
      {/* Dialogs mount when opened: closed, their hooks and queries would only slow the page's first render. */}
      {managing ? (
        <ManageCategoriesDialog open categories={categories} onClose={() => setManaging(false)} />
      ) : null}
      {importing ? <ImportDialog open onClose={() => setImporting(false)} /> : null}
      {transferring ? <TransferFormDialog open today={today} onDone={() => setTransferring(false)} /> : null}
      {editingTransfer ? (
        <TransferFormDialog
          open
          today={today}
          transfer={transferOf(editingTransfer)}
          onEditAsTransaction={() => {
            setEditing(editingTransfer);
            setEditingTransfer(null);
          }}
          onDone={() => setEditingTransfer(null)}
        />
      ) : null}
      <ConfirmClearedEdit
        transaction={confirmingEdit}
        onConfirm={(transaction) => {
          setConfirmingEdit(null);
          openEditor(transaction);
        }}
        onCancel={() => setConfirmingEdit(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting && deleting.length > 1 ? 'Delete transactions' : 'Delete transaction'}
        message={[
          deleting && deleting.length > 1
            ? `Are you sure you want to delete these ${deleting.length} transactions? You can undo this for a few seconds.`
            : 'Are you sure you want to delete this transaction?',
          deletingTransfer ? TRANSFER_DELETE_NOTE : '',
          clearedDeleteWarning(deletingCleared, deleting?.length ?? 0),
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={deletion.isPending}
        onConfirm={() =>
          void deletion.remove(deleting ?? [], {
            onSuccess: () => {
              setDeleting(null);
              setSelected(new Set());
            },
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

/** The phone's sort menu, where there are no column headers to click. */
const SORT_LABELS: Record<TransactionSort, Record<SortOrder, string>> = {
  date: { desc: 'Newest first', asc: 'Oldest first' },
  amount: { desc: 'Largest amount', asc: 'Smallest amount' },
  name: { asc: 'Name A–Z', desc: 'Name Z–A' },
  category: { asc: 'Category A–Z', desc: 'Category Z–A' },
};

/** Not in the contracts yet: the API deletes a transfer's two sides together. */
const TRANSFER_DELETE_NOTE =
  'A transfer is deleted with both its sides, out of one account and into the other.';

/** Beside the spec's "Export to CSV" (everything) while filters narrow the list: only what is shown. */
function filteredExportLabel(total: number | undefined): string {
  if (total === undefined) return 'Export filtered rows';
  return `Export ${total} filtered ${total === 1 ? 'row' : 'rows'}`;
}

/** The transfer a row is one side of, as its form edits it: out of one account, into the other. */
function transferOf(leg: Transaction) {
  const other = leg.transferAccountId ?? '';
  return {
    id: leg.transferId ?? '',
    fromAccountId: leg.isIncome ? other : leg.accountId,
    toAccountId: leg.isIncome ? leg.accountId : other,
    amount: String(leg.amount),
    // The deposit's amount: between two currencies it is the amount received (the form sorts it out).
    receivedAmount: leg.isIncome ? String(leg.amount) : '',
    date: leg.date,
    note: leg.note,
  };
}

/**
 * An empty list says why: the spec's "No Transaction done" when the user has none, and that nothing
 * matches (with a way out) when filters are set, so a narrow filter never reads as lost data.
 */
function EmptyList({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  if (!filtered) {
    return <p className="px-6 py-16 text-center text-slate-600 dark:text-slate-400">No Transaction done</p>;
  }
  return (
    <div className="space-y-3 px-6 py-16 text-center">
      <p className="text-slate-600 dark:text-slate-400">No transaction matches these filters.</p>
      <Button variant="secondary" onClick={onClear}>
        Clear Filters
      </Button>
    </div>
  );
}
