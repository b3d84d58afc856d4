import { DateField, NoteField } from '~/components/money-fields';
import { NoticeBox } from '~/components/ui/alert';
import { Field } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import { firstProblem } from '~/lib/form-check';
import { isOffline } from '~/lib/offline/queue-sync';
import { useContractForm } from '~/lib/use-contract-form';

import { dateRangeProblem, TRANSACTION_LIST_MESSAGES } from '@paisable/contracts/rules';

import type { Account } from '../accounts/accounts-query';
import {
  BULK_EDIT_OFFLINE,
  bulkSetOf,
  changedCount,
  emptyBulkEditDraft,
  waitingNote,
  type BulkEditDraft,
} from './bulk-edit-draft';
import { TagsField } from './tags-field';
import type { Transaction } from './transaction-form-dialog';
import type { BulkEdit } from './use-bulk-edit';

type BulkEditDialogProps = {
  /** The selected rows (of the page shown) the edit applies to. */
  rows: Transaction[];
  /** Selected rows changed on this device and not yet sent: left out, and the dialog says so. */
  waiting?: Transaction[];
  categories: { expense: string[]; income: string[] };
  accounts: Account[];
  today: string;
  /** From the page (`useBulkEdit`), which outlives this dialog: the toast's Undo still answers after it closes. */
  bulk: BulkEdit;
  onDone: (edited: boolean) => void;
};

const FIELD_ORDER = ['category', 'isIncome', 'accountId', 'date', 'note', 'addTags', 'removeTags'];

/**
 * "Edit N": the same category, type, account, date, note or tags on every selected row. Fields left
 * "Unchanged" stay as each row has them; the line above the buttons says how many rows will change.
 */
export function BulkEditDialog({
  rows,
  waiting = [],
  categories,
  accounts,
  today,
  bulk,
  onDone,
}: BulkEditDialogProps) {
  const { edit, offerUndo } = bulk;
  const leftOut = waitingNote(waiting);
  const form = useContractForm<BulkEditDraft>({
    initial: emptyBulkEditDraft,
    check: (schemas, draft) =>
      (rows.length === 0 ? leftOut : null) ??
      firstProblem(schemas.bulkEditChanges, bulkSetOf(draft), FIELD_ORDER) ??
      dateRangeProblem([draft.date || undefined], today) ??
      (isOffline() ? BULK_EDIT_OFFLINE : null),
    failed: 'Could not change the transactions. Please try again.',
    save: async (draft) => {
      const result = await edit.mutateAsync({ ids: rows.map((row) => row.id), set: bulkSetOf(draft) });
      offerUndo(result.changedCount, result.before);
      onDone(true);
    },
  });
  const { draft } = form;
  const willChange = changedCount(rows, draft);
  const transfers = rows.filter((row) => row.transferId !== null).length;
  // Categories of the type chosen, or of both when rows keep their own type.
  const categoryOptions =
    draft.type === 'income'
      ? categories.income
      : draft.type === 'expense'
        ? categories.expense
        : [...new Set([...categories.expense, ...categories.income])];

  return (
    <FormDialog
      title={`Edit ${rows.length} ${rows.length === 1 ? 'transaction' : 'transactions'}`}
      problem={form.problem ?? (transfers > 0 ? TRANSACTION_LIST_MESSAGES.bulkEditTransfers : null)}
      onSubmit={() => void form.submit()}
      onCancel={() => onDone(false)}
      isSaving={form.isSaving}
      submitLabel="Apply"
    >
      {leftOut ? <NoticeBox>{leftOut}</NoticeBox> : null}
      <Field label="Category">
        {(id) => (
          <Select id={id} {...form.text('category')}>
            <option value="">Unchanged</option>
            {categoryOptions.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type">
          {(id) => (
            <Select id={id} {...form.text('type')}>
              <option value="">Unchanged</option>
              <option value="expense">Expense</option>
              <option value="income">Income</option>
            </Select>
          )}
        </Field>
        <Field label="Account">
          {(id) => (
            <Select id={id} {...form.text('accountId')}>
              <option value="">Unchanged</option>
              {accounts
                .filter((account) => !account.closed)
                .map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.name}
                  </option>
                ))}
            </Select>
          )}
        </Field>
      </div>
      <DateField
        binding={form.text('date')}
        label="Date (leave empty to keep)"
        today={today}
        required={false}
      />
      <Field label="Note">
        {(id) => (
          <Select id={id} {...form.text('noteMode')}>
            <option value="keep">Unchanged</option>
            <option value="append">Add this text after each note</option>
            <option value="replace">Replace each note with this text</option>
          </Select>
        )}
      </Field>
      {draft.noteMode === 'keep' ? null : <NoteField binding={form.text('note')} label="Note text" />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TagsField
          label="Add tags"
          hint="Given to every row."
          value={draft.addTags}
          onChange={(tags) => form.set('addTags', tags)}
        />
        <TagsField
          label="Remove tags"
          hint="Taken off every row."
          value={draft.removeTags}
          onChange={(tags) => form.set('removeTags', tags)}
        />
      </div>
      <p role="status" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {willChange === 1 ? '1 transaction will change' : `${willChange} transactions will change`}
      </p>
    </FormDialog>
  );
}
