import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CurrencyOptions } from '~/components/currency-options';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Field, Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { firstProblem } from '~/lib/form-check';
import { formatDate, todayIn } from '~/lib/format';
import { useCurrentUser } from '~/lib/session';
import { errorMessage, trpc, type RouterOutputs } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import {
  minorUnitOf,
  RECEIPT_MESSAGES,
  SPLIT_CATEGORY,
  TRANSACTION_NAME_MAX_LENGTH,
} from '@paisable/contracts/rules';

import { accountChoiceOf, AccountPicker } from '../accounts/account-picker';
import { accountsQuery, openAccounts, type Account } from '../accounts/accounts-query';
import { splitInput, SplitLines, type SplitDraftLine } from '../transactions/split-lines';
import { ConvertedTotal } from './converted-total';
import { OtherTotals } from './other-totals';
import { ReceiptFile } from './receipt-file';
import { ReceiptStatusBadge } from './receipt-status';
import { announceSavedReceipt } from './receipt-toasts';
import {
  currencyHint,
  defaultAccountId,
  doubtsOf,
  draftOf,
  rebased,
  type Draft,
  type DraftField,
} from './review-draft';
import { linesOfProposal, proposalFits } from './split-proposal';

type Receipt = RouterOutputs['receipts']['get'];

/** The order the review's problems are told in: top to bottom, as the fields are laid out. */
const FIELD_ORDER = [
  'name',
  'accountId',
  'printedAmount',
  'printedCurrency',
  'amount',
  'date',
  'category',
  'splits',
] as const;

/**
 * The receipt beside what was read from it, pre-filled and editable. Fields the reader was unsure of are
 * marked; Save records the expense (or corrects the one the receipt already recorded).
 */
export function ReceiptReview({ receiptId }: { receiptId: string }) {
  const { data: receipt, error } = useQuery({
    ...trpc.receipts.get.queryOptions({ id: receiptId }),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 1000 : false),
  });
  const accounts = useQuery(accountsQuery());
  if (error) return <ErrorBox>{errorMessage(error, 'The receipt could not be loaded.')}</ErrorBox>;
  if (!receipt) return <Spinner label="Loading the receipt" />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/receipts"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft size={16} aria-hidden /> All receipts
        </Link>
        <ReceiptStatusBadge status={receipt.status} />
        <span className="text-sm text-slate-600 dark:text-slate-400">
          Uploaded {formatDate(receipt.createdAt.slice(0, 10))}
        </span>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-4">
          <ReceiptFile
            fileUrl={receipt.fileUrl}
            contentType={receipt.contentType}
            className="max-h-[70vh] w-full rounded-lg bg-white object-contain"
          />
        </Card>
        {receipt.status === 'processing' ? (
          <Card className="flex items-center gap-3 p-6" role="status" aria-live="polite">
            <Spinner label="Reading the receipt" />
            <p>Reading the receipt…</p>
          </Card>
        ) : accounts.isPending && accounts.fetchStatus === 'fetching' ? (
          <Spinner label="Loading your accounts" />
        ) : (
          // Mounted once the reading and the accounts are there, so the form starts from them. Without the
          // accounts (a failed or paused request: offline), the expense goes where the server says.
          <ReviewForm receipt={receipt} accounts={accounts.data?.accounts ?? []} />
        )}
      </div>
    </div>
  );
}

function ReviewForm({ receipt, accounts }: { receipt: Receipt; accounts: Account[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { data: categories } = useQuery(trpc.categories.list.queryOptions());
  // The expense's account decides the unit of the total and of the lines (whole yen for a yen account).
  const currencyOfAccount = (id: string) =>
    accounts.find((account) => account.id === id)?.currency ??
    receipt.reading?.accountCurrency ??
    user?.defaultCurrency ??
    'USD';
  // The split lines, when the user split the expense (by the receipt's items, or by hand later on).
  const [lines, setLines] = useState<SplitDraftLine[]>([]);
  const split = lines.length > 0;
  const [discarding, setDiscarding] = useState(false);

  const saveReceipt = useMutation(
    trpc.receipts.save.mutationOptions({
      onSuccess: async ({ outcome }, { date }) => {
        // The expense changes every list and total.
        await queryClient.invalidateQueries();
        announceSavedReceipt({ outcome, date, today: user ? todayIn(user.timeZone) : undefined });
        // A new expense is shown where it counts; a correction keeps the user on the receipt they edited.
        if (outcome === 'created') void navigate({ to: '/dashboard' });
      },
    }),
  );
  const discard = useMutation(
    trpc.receipts.discard.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.receipts.pathFilter());
        toast.info(RECEIPT_MESSAGES.discarded);
        void navigate({ to: '/receipts' });
      },
    }),
  );

  /** What saving sends: the printed total and its currency only for a receipt in another currency. */
  function inputOf(fields: Draft) {
    const { printedAmount, currency, accountId, ...rest } = fields;
    const typed = {
      id: receipt.id,
      ...rest,
      ...(accountId ? { accountId } : {}),
      ...(currency === currencyOfAccount(accountId) ? {} : { printedAmount, printedCurrency: currency }),
    };
    return split ? { ...typed, category: SPLIT_CATEGORY, splits: splitInput(lines) } : typed;
  }
  const form = useContractForm<Draft>({
    initial: () => {
      const accountId = defaultAccountId(receipt, openAccounts(accounts));
      return draftOf(receipt, { id: accountId, currency: currencyOfAccount(accountId) });
    },
    check: (schemas, fields) => firstProblem(schemas.saveReceiptInput, inputOf(fields), FIELD_ORDER),
    save: (fields) => saveReceipt.mutateAsync(inputOf(fields)),
    failed: 'The expense could not be saved. Please try again.',
  });
  const { draft, setDraft } = form;
  const accountChoice = accountChoiceOf(accounts, draft.accountId);
  const accountCurrency = currencyOfAccount(draft.accountId);
  const doubts = doubtsOf(receipt);
  // Printed in another currency than the account's: the printed total and the amount charged are two fields.
  const foreign = draft.currency === accountCurrency ? null : draft.currency;
  // The field that holds the total printed on the receipt (and the other totals it prints).
  const pickedField = foreign ? 'printedAmount' : 'amount';
  const doubtful = (name: DraftField) =>
    name === pickedField ? doubts.has('total') : (name === 'name' || name === 'date') && doubts.has(name);

  const expenseCategories = categories?.expense ?? [];
  const options =
    draft.category && !expenseCategories.includes(draft.category)
      ? [...expenseCategories, draft.category]
      : expenseCategories;
  // Split lines are amounts of the account's currency, for the receipt as it was: a new currency or account
  // starts them over.
  const change = (next: Partial<Pick<Draft, 'currency' | 'accountId'>>) => {
    setDraft((d) => rebased(d, next, currencyOfAccount));
    setLines([]);
  };
  const [firstDoubt] = (['name', 'printedAmount', 'amount', 'date', 'category'] as const).filter(doubtful);
  // What every control of a field takes: its value, its doubt mark, and the focus when it is the first
  // field in doubt (the merchant's when none is).
  const field = (name: DraftField, id: string) => ({
    id,
    ...form.text(name),
    className: doubtful(name) ? 'border-amber-500 dark:border-amber-400' : undefined,
    autoFocus: firstDoubt === name || (name === 'name' && firstDoubt === undefined),
  });
  const proposal = receipt.reading?.proposedSplit ?? null;
  // The items are priced in the receipt's currency: no split of an amount charged in another. The proposal
  // is in the minor unit of the account it was made for: good for any account with as many decimals.
  const offerSplit =
    !foreign &&
    !split &&
    minorUnitOf(accountCurrency) === minorUnitOf(receipt.reading?.accountCurrency ?? accountCurrency) &&
    proposalFits(proposal, draft.amount, accountCurrency);
  // The other totals the review offers are printed ones: in the receipt's currency when it is foreign.
  // The server offers other totals only while the total read is in doubt.
  const otherTotals = (
    <OtherTotals
      hundredths={receipt.reading?.otherTotals ?? []}
      accountCurrency={foreign ?? accountCurrency}
      typed={draft[pickedField]}
      onPick={(amount) => form.set(pickedField, amount)}
    />
  );

  return (
    <Card className="p-6">
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
        noValidate
        aria-label="Check the receipt"
      >
        <h2 className="text-lg font-semibold">
          {receipt.status === 'done' ? 'Saved expense' : 'Check and save the expense'}
        </h2>
        {receipt.status === 'failed' ? (
          <ErrorBox>
            <p>{receipt.failureReason ?? RECEIPT_MESSAGES.gaveUp}</p>
            <p className="mt-1">You can still type the expense from the receipt and save it.</p>
          </ErrorBox>
        ) : null}
        {receipt.status === 'needs_review' &&
        (doubts.size > 0 || (receipt.reading?.doubts.length ?? 0) > 0) ? (
          // A confident reading whose expense the user undid waits for review without any doubt to show.
          <Doubts receipt={receipt} />
        ) : null}

        <Field label="Merchant" hint={doubtHint(doubtful('name'))}>
          {(id) => <Input maxLength={TRANSACTION_NAME_MAX_LENGTH} {...field('name', id)} />}
        </Field>
        <AccountPicker
          options={accountChoice.options}
          value={accountChoice.chosen}
          onChange={(accountId) => change({ accountId })}
          label="Paid from"
        />
        {foreign ? (
          <ForeignCurrency
            printed={foreign}
            account={accountChoice.account?.name ?? 'Your account'}
            yours={accountCurrency}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {foreign ? (
            <div className="space-y-2">
              <Field label={`Total on the receipt (${foreign})`} hint={doubtHint(doubtful('printedAmount'))}>
                {(id) => <Input inputMode="decimal" {...field('printedAmount', id)} />}
              </Field>
              {otherTotals}
            </div>
          ) : null}
          <div className="space-y-2">
            <Field
              label={foreign ? `Total in ${accountCurrency}` : 'Total'}
              hint={foreign ? 'What your account was charged' : doubtHint(doubtful('amount'))}
            >
              {(id) => <Input inputMode="decimal" {...field('amount', id)} />}
            </Field>
            {foreign ? (
              <ConvertedTotal
                printed={draft.printedAmount}
                from={foreign}
                to={accountCurrency}
                date={draft.date}
                onUse={(amount) => form.set('amount', amount)}
              />
            ) : null}
            {foreign ? null : otherTotals}
          </div>
          <Field label="Date" hint={doubtHint(doubtful('date'))}>
            {(id) => <Input type="date" {...field('date', id)} />}
          </Field>
          <Field
            label="Currency on the receipt"
            hint={currencyHint(receipt.reading?.readCurrency ?? null, draft.currency)}
          >
            {(id) => (
              <Select
                id={id}
                value={draft.currency}
                onChange={(event) => change({ currency: event.target.value })}
              >
                <CurrencyOptions label={(currency) => `${currency.code} — ${currency.name}`} />
              </Select>
            )}
          </Field>
        </div>
        {split ? (
          <>
            <SplitLines
              lines={lines}
              amount={draft.amount}
              categories={expenseCategories}
              currency={accountCurrency}
              onChange={setLines}
            />
            <button
              type="button"
              className="text-sm text-slate-600 underline-offset-2 hover:underline dark:text-slate-400"
              onClick={() => setLines([])}
            >
              Remove split
            </button>
          </>
        ) : (
          <Field label="Category">
            {(id) => (
              <Select {...field('category', id)}>
                <option value="">Select a category</option>
                {options.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {offerSplit && proposal ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Button variant="secondary" onClick={() => setLines(linesOfProposal(proposal, accountCurrency))}>
              Split by items
            </Button>
            <span className="text-slate-600 dark:text-slate-400">
              The items on this receipt add up to its total: one line per category ({proposal.length}).
            </span>
          </div>
        ) : null}

        {/* Beside the buttons, where the user just clicked; it goes once the field is fixed. */}
        {form.problem ? <ErrorBox>{form.problem}</ErrorBox> : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={() => setDiscarding(true)} disabled={form.isSaving}>
            Discard receipt
          </Button>
          <Button type="submit" disabled={form.isSaving}>
            {form.isSaving ? 'Saving...' : receipt.transactionId ? 'Save changes' : 'Save expense'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={discarding}
        title="Discard this receipt?"
        message={
          receipt.transactionId
            ? 'The file is deleted. The expense already recorded from it stays in your transactions.'
            : 'The file and what was read from it are deleted. No expense is recorded.'
        }
        confirmLabel="Discard"
        busyLabel="Discarding..."
        isBusy={discard.isPending}
        onConfirm={() => discard.mutate({ id: receipt.id })}
        onCancel={() => setDiscarding(false)}
      />
    </Card>
  );
}

function Doubts({ receipt }: { receipt: Receipt }) {
  const doubts = receipt.reading?.doubts ?? [];
  return (
    <div
      role="note"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <AlertTriangle size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div>
        <p className="font-medium">{RECEIPT_MESSAGES.needsReview}</p>
        {doubts.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {doubts.map((doubt) => (
              <li key={doubt}>{doubt}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A receipt printed in another currency than the account the expense goes to: the expense is recorded in
 * the account's, and the receipt's own total is kept with it.
 */
function ForeignCurrency({ printed, account, yours }: { printed: string; account: string; yours: string }) {
  return (
    <p
      role="note"
      className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-100"
    >
      This receipt is in <strong>{printed}</strong>; {account} is kept in <strong>{yours}</strong>. Type the
      total in {yours} the account was charged; the receipt&rsquo;s total in {printed} is kept with the
      expense.
    </p>
  );
}

function doubtHint(isDoubtful: boolean) {
  return isDoubtful ? (
    <span className="inline-flex items-center gap-1 font-medium text-amber-800 dark:text-amber-300">
      <AlertTriangle size={12} aria-hidden /> Check this against the receipt
    </span>
  ) : undefined;
}
