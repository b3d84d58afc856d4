import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Dialog } from '~/components/ui/dialog';
import { Field, Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { formatMoney } from '~/lib/format';
import { errorMessage, type RouterOutputs } from '~/lib/trpc';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { NewCategoryDialog } from './new-category-dialog';
import { draftProblem, parseAmount, transactionName, type TransactionDraft } from './transaction-validation';
import { useCreateCategory, useSaveTransaction } from './use-transaction-mutations';

export type Transaction = RouterOutputs['transactions']['list']['items'][number];

type FormProps = {
  /** A transaction to edit, or nothing to add a new one. */
  transaction?: Transaction;
  categories: { expense: string[]; income: string[] };
  today: string;
  currency: string;
  /** The all-time balance, for the warning when a new expense would take it below zero. */
  balance?: number;
  onDone: () => void;
};

const NEW_CATEGORY = '__new__';

/** The add/edit form in a modal; it mounts fresh each time it opens. */
export function TransactionFormDialog({ open, ...props }: FormProps & { open: boolean }) {
  return open ? <TransactionForm {...props} /> : null;
}

function emptyDraft(isIncome: boolean, today: string): TransactionDraft {
  return { isIncome, name: '', category: '', amount: '', date: today, note: '' };
}

function TransactionForm({ transaction, categories, today, currency, balance, onDone }: FormProps) {
  const [draft, setDraft] = useState<TransactionDraft>(() =>
    transaction
      ? {
          isIncome: transaction.isIncome,
          name: transaction.name,
          category: transaction.category,
          amount: String(transaction.amount),
          date: transaction.date,
          note: transaction.note,
        }
      : emptyDraft(false, today),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [askingCategory, setAskingCategory] = useState(false);
  const [overspend, setOverspend] = useState<number | null>(null);
  const { create, update } = useSaveTransaction();
  const createCategory = useCreateCategory();
  const isSaving = create.isPending || update.isPending;
  const kind = draft.isIncome ? 'income' : 'expense';
  const options = [...categories[kind]];
  if (draft.category && !options.includes(draft.category)) options.push(draft.category);

  const change = (field: keyof TransactionDraft) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = draftProblem(draft);
    setProblem(found);
    if (found) return;
    const amount = parseAmount(draft.amount) ?? 0;
    if (!transaction && !draft.isIncome && balance !== undefined && amount > balance)
      return setOverspend(amount);
    save();
  }

  function save() {
    setOverspend(null);
    const input = {
      name: transactionName(draft),
      category: draft.category.trim(),
      amount: parseAmount(draft.amount) ?? 0,
      isIncome: draft.isIncome,
      date: draft.date,
      note: draft.note.trim(),
    };
    const onError = (error: unknown) =>
      setProblem(errorMessage(error, 'Could not save the transaction. Please try again.'));
    const onSuccess = () => {
      toast.success(transaction ? 'Transaction updated' : draft.isIncome ? 'Income added' : 'Expense added');
      onDone();
    };
    if (transaction) update.mutate({ id: transaction.id, ...input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  }

  function pickCategory(value: string) {
    if (value === NEW_CATEGORY) setAskingCategory(true);
    else change('category')(value);
  }

  const title = `${transaction ? 'Edit' : 'Add'} ${draft.isIncome ? 'Income' : 'Expense'}`;
  return (
    <Dialog open onClose={onDone} title={title}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {transaction ? null : (
          <div className="flex justify-end">
            <button
              type="button"
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              onClick={() => {
                setDraft(emptyDraft(!draft.isIncome, today));
                setProblem(null);
              }}
            >
              {draft.isIncome ? 'Add Expense' : 'Add Income'}
            </button>
          </div>
        )}
        {problem ? <ErrorBox>{problem}</ErrorBox> : null}
        <Field label={draft.isIncome ? 'Name (Optional)' : 'Name'}>
          {(id) => (
            <Input
              id={id}
              value={draft.name}
              maxLength={100}
              required={!draft.isIncome}
              placeholder={draft.isIncome ? 'e.g. October salary' : 'e.g. Groceries at the market'}
              onChange={(event) => change('name')(event.target.value)}
            />
          )}
        </Field>
        <Field label="Category">
          {(id) => (
            <Select
              id={id}
              value={draft.category}
              required
              onChange={(event) => pickCategory(event.target.value)}
            >
              <option value="">Select a category</option>
              {options.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
              <option value={NEW_CATEGORY}>-- Add New Category --</option>
            </Select>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={draft.isIncome ? 'Amount (Income)' : 'Amount (Expense)'}>
            {(id) => (
              <Input
                id={id}
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                required
                value={draft.amount}
                onChange={(event) => change('amount')(event.target.value)}
              />
            )}
          </Field>
          <Field label="Date">
            {(id) => (
              <Input
                id={id}
                type="date"
                required
                value={draft.date}
                onChange={(event) => change('date')(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Notes (Optional)">
          {(id) => (
            <textarea
              id={id}
              rows={2}
              maxLength={1000}
              value={draft.note}
              onChange={(event) => change('note')(event.target.value)}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
            />
          )}
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving...' : transaction ? 'Save changes' : title}
          </Button>
        </div>
      </form>
      <NewCategoryDialog
        open={askingCategory}
        existing={options}
        onCancel={() => setAskingCategory(false)}
        onCreate={(name) => {
          setAskingCategory(false);
          change('category')(name);
          createCategory.mutate({ kind, name });
        }}
      />
      <ConfirmDialog
        open={overspend !== null}
        title="This expense exceeds your balance"
        message={`Warning: This expense (${formatMoney(overspend ?? 0, currency)}) exceeds your current balance (${formatMoney(balance ?? 0, currency)}). Proceeding will result in a negative balance. Do you wish to submit anyway?`}
        confirmLabel="Submit anyway"
        tone="primary"
        onConfirm={save}
        onCancel={() => setOverspend(null)}
      />
    </Dialog>
  );
}
