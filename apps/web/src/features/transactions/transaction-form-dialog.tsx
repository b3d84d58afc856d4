import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AmountField, DateField, NoteField } from '~/components/money-fields';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { characterCount, Field, Input } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import type { Schemas } from '~/lib/contract-schemas';
import { amountFromInput, firstProblem } from '~/lib/form-check';
import { formatMoney, formatMoneyTotal } from '~/lib/format';
import type { RouterOutputs } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { useRef, useState } from 'react';
import { toast } from 'sonner';

import {
  ACCOUNT_MESSAGES,
  compareCentsTotals,
  dateRangeProblem,
  findIsoCurrency,
  MESSAGES,
  minorToNumber,
  minorUnitOf,
  parseAmountInCurrency,
  SPLIT_CATEGORY,
  toCentsTotal,
  TRANSACTION_NAME_MAX_LENGTH,
  type CentsTotal,
} from '@paisable/contracts/rules';

import {
  accountChoiceOf,
  AccountPicker,
  rememberLastAccount,
  useAccountChoice,
} from '../accounts/account-picker';
import { accountsQuery } from '../accounts/accounts-query';
import { PayeeField } from '../payees/payee-field';
import { NewCategoryDialog } from './new-category-dialog';
import { leftToAssign, splitInput, SplitLines, startSplit, type SplitDraftLine } from './split-lines';
import { TagsField } from './tags-field';
import { TypeChoice } from './type-choice';
import { useCreateCategory, useSaveTransaction } from './use-transaction-mutations';

export type Transaction = RouterOutputs['transactions']['list']['items'][number];

type FormProps = {
  /** A transaction to edit, or nothing to add a new one. */
  transaction?: Transaction;
  categories: { expense: string[]; income: string[] };
  today: string;
  /** The display currency: the balance below is in it. */
  currency: string;
  /** The all-time balance in cents, for the warning when a new expense would take it below zero. */
  balanceCents?: CentsTotal;
  onDone: () => void;
};

const NEW_CATEGORY = '__new__';
const OFFLINE_SAVED_NOTE = 'No network: it shows as pending and is sent when you are back online.';

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
  tags: string[];
  payee: string;
  /** The lines of a split (none: one category). */
  splits: SplitDraftLine[];
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
  const split = draft.splits.length > 0;
  return {
    name: transactionName(draft),
    category: split ? SPLIT_CATEGORY : draft.category.trim(),
    ...(split ? { splits: splitInput(draft.splits) } : {}),
    amount: amountFromInput(draft.amount),
    isIncome: draft.isIncome,
    date: draft.date,
    note: draft.note.trim(),
    accountId: accountId || undefined,
    tags: draft.tags,
    payee: draft.payee.trim() || null,
  };
}

function draftOf(transaction: Transaction): TransactionDraft {
  const { isIncome, name, category, amount, date, note, accountId, tags, payee, splits } = transaction;
  const lines = splits.map((line) => ({ ...line, amount: String(line.amount) }));
  return {
    isIncome,
    name,
    category,
    amount: String(amount),
    date,
    note,
    accountId,
    tags: [...tags],
    payee: payee ?? '',
    splits: lines,
  };
}

/**
 * The first problem with a draft by the API's own contract, or null; the amount is also checked against
 * the decimals of the account's currency (12.5 yen is refused), in the server's words.
 */
function draftProblem(
  schemas: Schemas,
  draft: TransactionDraft,
  today: string,
  rowCurrency: string,
): string | null {
  const inCurrency = parseAmountInCurrency(amountFromInput(draft.amount), rowCurrency);
  const found =
    firstProblem(schemas.createTransactionInput, toInput(draft, ''), FIELD_ORDER) ??
    (inCurrency.ok ? null : inCurrency.message) ??
    dateRangeProblem([draft.date], today);
  return found && SPEC_COST_PROBLEMS.includes(found) ? MESSAGES.costInvalid : found;
}

function emptyDraft(isIncome: boolean, today: string, accountId = ''): TransactionDraft {
  return {
    isIncome,
    name: '',
    category: '',
    amount: '',
    date: today,
    note: '',
    accountId,
    tags: [],
    payee: '',
    splits: [],
  };
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
  const [askingCategory, setAskingCategory] = useState(false);
  const [overspend, setOverspend] = useState<number | null>(null);
  // Set by "Submit anyway": the next save goes through below zero.
  const overspendAccepted = useRef(false);
  const saveTransaction = useSaveTransaction();
  const navigate = useNavigate();
  const createCategory = useCreateCategory();
  const accountList = useQuery(accountsQuery());
  // The currency of the account the row goes to: its amount is in it.
  const currencyFor = (draft: TransactionDraft) =>
    accountChoiceOf(accountList.data?.accounts ?? [], draft.accountId).account?.currency ??
    transaction?.currency ??
    currency;
  const form = useContractForm<TransactionDraft>({
    initial: () => (transaction ? draftOf(transaction) : emptyDraft(false, today)),
    check: (schemas, draft) => draftProblem(schemas, draft, today, currencyFor(draft)),
    failed: 'Could not save the transaction. Please try again.',
    save: (draft, schemas) => save(draft, schemas),
  });
  const { draft } = form;
  const accountChoice = useAccountChoice(draft.accountId);
  const rowCurrency = currencyFor(draft);
  const rowCurrencyInfo = findIsoCurrency(rowCurrency);
  const kind = draft.isIncome ? 'income' : 'expense';
  const options = [...categories[kind]];
  if (draft.category && !options.includes(draft.category)) options.push(draft.category);

  async function save(draft: TransactionDraft, schemas: Schemas) {
    schemas.createTransactionInput.parse(toInput(draft, ''));
    const read = parseAmountInCurrency(amountFromInput(draft.amount), currencyFor(draft));
    const amountCents = read.ok ? read.minor : 0;
    // The balance is a sum in the display currency: only an amount in it can be held against it.
    const overspends =
      currencyFor(draft) === currency &&
      balanceCents !== undefined &&
      compareCentsTotals(toCentsTotal(amountCents), balanceCents) > 0;
    if (!transaction && !draft.isIncome && overspends && !overspendAccepted.current) {
      return setOverspend(minorToNumber(amountCents, currency));
    }
    // The yes was for this amount: a changed draft after a failed save asks again.
    overspendAccepted.current = false;
    const input = toInput(draft, accountChoice.chosen);
    // A split row saved with one category again: its lines go.
    const unsplit = transaction && transaction.splits.length > 0 && draft.splits.length === 0;
    const outcome = await saveTransaction(unsplit ? { ...input, splits: null } : input, transaction?.id);
    if (!transaction && input.accountId) rememberLastAccount(input.accountId);
    if (outcome === 'queued') toast.info('Saved on this device', { description: OFFLINE_SAVED_NOTE });
    if (outcome !== 'saved') return onDone();
    // A new category for an existing row (an imported one, typically): offer a rule that does it next time.
    const recategorised = transaction !== undefined && input.category !== transaction.category;
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
  }

  function pickCategory(value: string) {
    if (value === NEW_CATEGORY) setAskingCategory(true);
    else form.set('category', value);
  }

  const title = `${transaction ? 'Edit' : 'Add'} ${draft.isIncome ? 'Income' : 'Expense'}`;
  const left = draft.splits.length > 0 ? leftToAssign(draft.amount, draft.splits, rowCurrency) : 0;
  const blocked = left === 0 ? null : 'Assign the whole amount to the lines to save.';
  return (
    <>
      <FormDialog
        title={title}
        problem={form.problem}
        onSubmit={() => void form.submit()}
        onCancel={onDone}
        isSaving={form.isSaving}
        submitLabel={transaction ? 'Save changes' : title}
        blocked={blocked}
      >
        {transaction ? null : (
          <div className="flex justify-end">
            <button
              type="button"
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              onClick={() => form.reset(emptyDraft(!draft.isIncome, today, draft.accountId))}
            >
              {draft.isIncome ? 'Add Expense' : 'Add Income'}
            </button>
          </div>
        )}
        {transaction ? (
          <TypeChoice
            isIncome={draft.isIncome}
            onChange={(isIncome) => form.setDraft((d) => withType(d, isIncome, categories))}
          />
        ) : null}
        {transaction?.transferId ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{ACCOUNT_MESSAGES.transferLegHint}</p>
        ) : null}
        <Field
          label={draft.isIncome ? 'Name (Optional)' : 'Name'}
          hint={characterCount(draft.name, TRANSACTION_NAME_MAX_LENGTH)}
        >
          {(id) => (
            <Input
              id={id}
              maxLength={TRANSACTION_NAME_MAX_LENGTH}
              required={!draft.isIncome}
              placeholder={draft.isIncome ? 'e.g. October salary' : 'e.g. Groceries at the market'}
              {...form.text('name')}
            />
          )}
        </Field>
        {draft.splits.length === 0 ? (
          <>
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
            {transaction?.transferId ? null : (
              <button
                type="button"
                className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                onClick={() => form.set('splits', startSplit(draft.amount, draft.category))}
              >
                Split
              </button>
            )}
          </>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <AmountField
            binding={form.text('amount')}
            label={draft.isIncome ? 'Amount (Income)' : 'Amount (Expense)'}
            decimals={minorUnitOf(rowCurrency)}
            hint={
              rowCurrency === currency
                ? undefined
                : `In ${rowCurrencyInfo?.name ?? rowCurrency} (${rowCurrency}), the account’s currency.`
            }
          />
          <DateField binding={form.text('date')} today={today} />
        </div>
        {draft.splits.length > 0 ? (
          <>
            <SplitLines
              lines={draft.splits}
              amount={draft.amount}
              categories={categories[kind]}
              currency={rowCurrency}
              onChange={(lines) => form.set('splits', lines)}
            />
            <button
              type="button"
              className="text-sm text-slate-600 underline-offset-2 hover:underline dark:text-slate-400"
              onClick={() => form.set('splits', [])}
            >
              Remove split
            </button>
          </>
        ) : null}
        <AccountPicker
          options={accountChoice.options}
          value={accountChoice.chosen}
          onChange={(id) => form.set('accountId', id)}
        />
        <PayeeField value={draft.payee} onChange={(payee) => form.set('payee', payee)} />
        <TagsField value={draft.tags} onChange={(tags) => form.set('tags', tags)} />
        <NoteField binding={form.text('note')} />
      </FormDialog>
      <NewCategoryDialog
        open={askingCategory}
        existing={options}
        onCancel={() => setAskingCategory(false)}
        onCreate={(name) => {
          setAskingCategory(false);
          form.set('category', name);
          createCategory.mutate({ kind, name });
        }}
      />
      <ConfirmDialog
        open={overspend !== null}
        title="This expense exceeds your balance"
        message={`Warning: This expense (${formatMoney(overspend ?? 0, currency)}) exceeds your current balance (${formatMoneyTotal(balanceCents ?? '0', currency)}). Proceeding will result in a negative balance. Do you wish to submit anyway?`}
        confirmLabel="Submit anyway"
        tone="primary"
        onConfirm={() => {
          setOverspend(null);
          overspendAccepted.current = true;
          void form.submit();
        }}
        onCancel={() => setOverspend(null)}
      />
    </>
  );
}
