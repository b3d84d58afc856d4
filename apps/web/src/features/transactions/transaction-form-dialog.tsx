import { useNavigate } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Dialog } from '~/components/ui/dialog';
import { characterCount, Field, Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { loadSchemas, type Schemas } from '~/lib/contract-schemas';
import { amountFromInput, firstProblem } from '~/lib/form-check';
import { formatMoney, formatMoneyTotal } from '~/lib/format';
import { errorMessage, type RouterOutputs } from '~/lib/trpc';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import {
  AMOUNT_STEP,
  centsToNumber,
  compareCentsTotals,
  dateRangeProblem,
  isFarAhead,
  MESSAGES,
  NOTE_MAX_LENGTH,
  toCentsTotal,
  TRANSACTION_NAME_MAX_LENGTH,
  type CentsTotal,
} from '@paisable/contracts/rules';

import { AccountPicker, rememberLastAccount, useAccountChoice } from '../accounts/account-picker';
import { FarAheadHint } from './far-ahead-hint';
import { NewCategoryDialog } from './new-category-dialog';
import { TypeChoice } from './type-choice';
import { useCreateCategory, useSaveTransaction } from './use-transaction-mutations';

export type Transaction = RouterOutputs['transactions']['list']['items'][number];

type FormProps = {
  /** A transaction to edit, or nothing to add a new one. */
  transaction?: Transaction;
  categories: { expense: string[]; income: string[] };
  today: string;
  currency: string;
  /** The all-time balance in cents, for the warning when a new expense would take it below zero. */
  balanceCents?: CentsTotal;
  onDone: () => void;
};

const NEW_CATEGORY = '__new__';

/** Not in the contracts yet: what editing one side of a transfer does (the API's rule, transfer-legs.ts). */
const TRANSFER_LEG_HINT =
  'One side of a transfer: a new amount, date or note changes both sides. A new type or category makes it a plain transaction.';

/** The add/edit form in a modal; it mounts fresh each time it opens. */
export function TransactionFormDialog({ open, ...props }: FormProps & { open: boolean }) {
  return open ? <TransactionForm {...props} /> : null;
}

type TransactionDraft = {
  isIncome: boolean;
  name: string;
  category: string;
  amount: string;
  date: string;
  note: string;
  /** Empty until the user picks one: the form then saves into the default account. */
  accountId: string;
};

/** The fields in the order the spec checks them: name, cost, category, then the rest. */
const FIELD_ORDER = ['name', 'amount', 'category', 'date', 'note'];
/**
 * The spec names one text for an amount that is missing, not a number or not above 0; an amount that
 * is too large or has too many decimals gets the contract's own words, which say what to change.
 */
const SPEC_COST_PROBLEMS: readonly string[] = [
  MESSAGES.amountRequired,
  MESSAGES.amountNotANumber,
  MESSAGES.amountNotPositive,
];

/** `<category or General> Income` for an income saved without a name (the spec's rule). */
function transactionName(draft: TransactionDraft): string {
  const name = draft.name.trim();
  if (name || !draft.isIncome) return name;
  return `${draft.category.trim() || 'General'} Income`;
}

function toInput(draft: TransactionDraft, accountId: string) {
  return {
    name: transactionName(draft),
    category: draft.category.trim(),
    amount: amountFromInput(draft.amount),
    isIncome: draft.isIncome,
    date: draft.date,
    note: draft.note.trim(),
    accountId: accountId || undefined,
  };
}

/** The first problem with a draft by the API's own contract, or null. */
function draftProblem(schemas: Schemas, draft: TransactionDraft, today: string): string | null {
  const found =
    firstProblem(schemas.createTransactionInput, toInput(draft, ''), FIELD_ORDER) ??
    dateRangeProblem([draft.date], today);
  return found && SPEC_COST_PROBLEMS.includes(found) ? MESSAGES.costInvalid : found;
}

function emptyDraft(isIncome: boolean, today: string, accountId = ''): TransactionDraft {
  return { isIncome, name: '', category: '', amount: '', date: today, note: '', accountId };
}

/** Income and expenses have their own categories: a category of the other list no longer fits. */
function withType(
  draft: TransactionDraft,
  isIncome: boolean,
  categories: FormProps['categories'],
): TransactionDraft {
  const fits = categories[isIncome ? 'income' : 'expense'].includes(draft.category);
  return { ...draft, isIncome, category: fits ? draft.category : '' };
}

function TransactionForm({ transaction, categories, today, currency, balanceCents, onDone }: FormProps) {
  const [draft, setDraft] = useState<TransactionDraft>(() =>
    transaction
      ? {
          isIncome: transaction.isIncome,
          name: transaction.name,
          category: transaction.category,
          amount: String(transaction.amount),
          date: transaction.date,
          note: transaction.note,
          accountId: transaction.accountId,
        }
      : emptyDraft(false, today),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [askingCategory, setAskingCategory] = useState(false);
  const [overspend, setOverspend] = useState<number | null>(null);
  const { create, update } = useSaveTransaction();
  const navigate = useNavigate();
  const createCategory = useCreateCategory();
  const isSaving = create.isPending || update.isPending;
  const accountChoice = useAccountChoice(draft.accountId);
  const kind = draft.isIncome ? 'income' : 'expense';
  const options = [...categories[kind]];
  if (draft.category && !options.includes(draft.category)) options.push(draft.category);

  const change = (field: keyof TransactionDraft) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const schemas = await loadSchemas().catch(() => undefined);
    if (!schemas) return setProblem(MESSAGES.serverError);
    const found = draftProblem(schemas, draft, today);
    setProblem(found);
    if (found) return;
    const { amountCents } = schemas.createTransactionInput.parse(toInput(draft, ''));
    const overspends =
      balanceCents !== undefined && compareCentsTotals(toCentsTotal(amountCents), balanceCents) > 0;
    if (!transaction && !draft.isIncome && overspends) return setOverspend(centsToNumber(amountCents));
    save();
  }

  function save() {
    setOverspend(null);
    const input = toInput(draft, accountChoice.chosen);
    const onError = (error: unknown) =>
      setProblem(errorMessage(error, 'Could not save the transaction. Please try again.'));
    // A new category for an existing row (an imported one, typically): offer a rule that does it next time.
    const recategorised = transaction !== undefined && input.category !== transaction.category;
    const onSuccess = () => {
      if (!transaction && input.accountId) rememberLastAccount(input.accountId);
      toast.success(
        transaction ? 'Transaction updated' : draft.isIncome ? 'Income added' : 'Expense added',
        recategorised
          ? {
              description: `Put every "${input.name}" in ${input.category} from now on?`,
              action: {
                label: 'Make a rule',
                onClick: () =>
                  void navigate({
                    to: '/rules',
                    search: { pattern: input.name, category: input.category, type: kind },
                  }),
              },
            }
          : undefined,
      );
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
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        {transaction ? null : (
          <div className="flex justify-end">
            <button
              type="button"
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              onClick={() => {
                setDraft(emptyDraft(!draft.isIncome, today, draft.accountId));
                setProblem(null);
              }}
            >
              {draft.isIncome ? 'Add Expense' : 'Add Income'}
            </button>
          </div>
        )}
        {problem ? <ErrorBox>{problem}</ErrorBox> : null}
        {transaction ? (
          <TypeChoice
            isIncome={draft.isIncome}
            onChange={(isIncome) => setDraft((d) => withType(d, isIncome, categories))}
          />
        ) : null}
        {transaction?.transferId ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{TRANSFER_LEG_HINT}</p>
        ) : null}
        <Field
          label={draft.isIncome ? 'Name (Optional)' : 'Name'}
          hint={characterCount(draft.name, TRANSACTION_NAME_MAX_LENGTH)}
        >
          {(id) => (
            <Input
              id={id}
              value={draft.name}
              maxLength={TRANSACTION_NAME_MAX_LENGTH}
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
                min={AMOUNT_STEP}
                step={AMOUNT_STEP}
                required
                value={draft.amount}
                onChange={(event) => change('amount')(event.target.value)}
              />
            )}
          </Field>
          <Field label="Date" hint={isFarAhead(draft.date, today) ? <FarAheadHint /> : null}>
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
        <AccountPicker
          options={accountChoice.options}
          value={accountChoice.chosen}
          onChange={(id) => change('accountId')(id)}
        />
        <Field label="Notes (Optional)" hint={characterCount(draft.note, NOTE_MAX_LENGTH)}>
          {(id) => (
            <textarea
              id={id}
              rows={2}
              maxLength={NOTE_MAX_LENGTH}
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
        message={`Warning: This expense (${formatMoney(overspend ?? 0, currency)}) exceeds your current balance (${formatMoneyTotal(balanceCents ?? '0', currency)}). Proceeding will result in a negative balance. Do you wish to submit anyway?`}
        confirmLabel="Submit anyway"
        tone="primary"
        onConfirm={save}
        onCancel={() => setOverspend(null)}
      />
    </Dialog>
  );
}
