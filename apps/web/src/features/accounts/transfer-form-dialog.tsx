import { useQuery } from '@tanstack/react-query';
import { AmountField, DateField, NoteField } from '~/components/money-fields';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Field } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import type { Schemas } from '~/lib/contract-schemas';
import { amountFromInput, firstProblem } from '~/lib/form-check';
import { useContractForm } from '~/lib/use-contract-form';
import { toast } from 'sonner';

import {
  ACCOUNT_MESSAGES,
  dateRangeProblem,
  minorUnitOf,
  parseAmountInCurrency,
} from '@paisable/contracts/rules';

import { accountsQuery, openAccounts, type Account } from './accounts-query';
import { useSaveTransfer } from './use-account-mutations';

/** A saved transfer, as the form edits it. */
export type TransferDraft = {
  fromAccountId: string;
  toAccountId: string;
  amount: string;
  /** What arrives in `toAccountId`, in its currency: only between two currencies. */
  receivedAmount: string;
  date: string;
  note: string;
};

type FormProps = {
  /** The user's today (YYYY-MM-DD): a new transfer's default day. */
  today: string;
  /** The account the money leaves, when the user started from it. */
  fromAccountId?: string;
  /** A transfer to edit (its id and fields), or nothing to record a new one. */
  transfer?: TransferDraft & { id: string };
  /** Offered while editing: the row was no transfer after all (an imported purchase). */
  onEditAsTransaction?: () => void;
  onDone: () => void;
};

const FIELD_ORDER = ['fromAccountId', 'toAccountId', 'amount', 'receivedAmount', 'date', 'note'];

/** Money moved between two of the user's accounts, in a modal; it mounts fresh each time it opens. */
export function TransferFormDialog({ open, ...props }: FormProps & { open: boolean }) {
  const list = useQuery({ ...accountsQuery(), enabled: open });
  if (!open || !list.data) return null;
  // An edited transfer may sit in an account closed since: it stays choosable for that transfer.
  const kept = new Set([props.transfer?.fromAccountId, props.transfer?.toAccountId]);
  const accounts = list.data.accounts.filter((account) => !account.closed || kept.has(account.id));
  if (openAccounts(accounts).length < 2 && !props.transfer)
    return <NeedsTwoAccounts onClose={props.onDone} />;
  return <TransferForm accounts={accounts} {...props} />;
}

function NeedsTwoAccounts({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Transfer between accounts" size="sm">
      <p className="text-sm">{ACCOUNT_MESSAGES.transferNeedsTwoAccounts}</p>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}

function blankDraft(accounts: Account[], today: string, fromAccountId?: string): TransferDraft {
  const from = accounts.find((account) => account.id === fromAccountId) ?? accounts[0];
  const to = accounts.find((account) => account.id !== from?.id);
  return {
    fromAccountId: from?.id ?? '',
    toAccountId: to?.id ?? '',
    amount: '',
    receivedAmount: '',
    date: today,
    note: '',
  };
}

/** The two accounts' currencies, and whether the transfer crosses from one to another. */
function currenciesOf(accounts: Account[], draft: TransferDraft) {
  const from = accounts.find((account) => account.id === draft.fromAccountId)?.currency ?? '';
  const to = accounts.find((account) => account.id === draft.toAccountId)?.currency ?? '';
  return { from, to, crossing: from !== '' && to !== '' && from !== to };
}

function toInput(draft: TransferDraft, crossing: boolean) {
  const { receivedAmount, ...rest } = draft;
  return {
    ...rest,
    amount: amountFromInput(draft.amount),
    ...(crossing ? { receivedAmount: amountFromInput(receivedAmount) } : {}),
    note: draft.note.trim(),
  };
}

/** Each amount is checked against its own account's currency (12.5 yen is refused by name). */
function draftProblem(
  schemas: Schemas,
  draft: TransferDraft,
  today: string,
  accounts: Account[],
): string | null {
  if (draft.fromAccountId === draft.toAccountId) return ACCOUNT_MESSAGES.transferSameAccount;
  const { from, to, crossing } = currenciesOf(accounts, draft);
  if (crossing && draft.receivedAmount.trim() === '') return ACCOUNT_MESSAGES.transferNeedsReceived;
  const sent = parseAmountInCurrency(amountFromInput(draft.amount), from);
  const received = crossing ? parseAmountInCurrency(amountFromInput(draft.receivedAmount), to) : sent;
  return (
    firstProblem(schemas.createTransferInput, toInput(draft, crossing), FIELD_ORDER) ??
    (sent.ok ? null : sent.message) ??
    (received.ok ? null : received.message) ??
    dateRangeProblem([draft.date], today)
  );
}

/** An edited transfer between two currencies opened from its deposit knows only the amount received. */
function editDraft(accounts: Account[], transfer: TransferDraft): TransferDraft {
  if (!currenciesOf(accounts, transfer).crossing) return { ...transfer, receivedAmount: '' };
  return transfer.receivedAmount === '' ? transfer : { ...transfer, amount: '' };
}

function TransferForm({
  accounts,
  today,
  fromAccountId,
  transfer,
  onEditAsTransaction,
  onDone,
}: FormProps & { accounts: Account[] }) {
  const { create, update } = useSaveTransfer();
  const form = useContractForm<TransferDraft>({
    initial: () => (transfer ? editDraft(accounts, transfer) : blankDraft(accounts, today, fromAccountId)),
    check: (schemas, draft) => draftProblem(schemas, draft, today, accounts),
    failed: 'Could not save the transfer. Please try again.',
    save: async (draft) => {
      const input = toInput(draft, currenciesOf(accounts, draft).crossing);
      if (transfer) await update.mutateAsync({ id: transfer.id, ...input });
      else await create.mutateAsync(input);
      toast.success(transfer ? ACCOUNT_MESSAGES.transferUpdated : ACCOUNT_MESSAGES.transferCreated);
      onDone();
    },
  });
  const currencies = currenciesOf(accounts, form.draft);
  // Each account's currency is named only where the accounts have several: one-currency users see names.
  const severalCurrencies = new Set(accounts.map((account) => account.currency)).size > 1;
  const accountOptions = accounts.map((account) => (
    <option key={account.id} value={account.id}>
      {severalCurrencies ? `${account.name} (${account.currency})` : account.name}
    </option>
  ));

  return (
    <FormDialog
      title={transfer ? 'Edit transfer' : 'Transfer between accounts'}
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel={transfer ? 'Save changes' : 'Record transfer'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="From account">
          {(id) => (
            <Select id={id} data-autofocus {...form.text('fromAccountId')}>
              {accountOptions}
            </Select>
          )}
        </Field>
        <Field label="To account">
          {(id) => (
            <Select id={id} {...form.text('toAccountId')}>
              {accountOptions}
            </Select>
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField
          binding={form.text('amount')}
          label={currencies.crossing ? `Amount sent (${currencies.from})` : 'Amount'}
          decimals={minorUnitOf(currencies.from)}
        />
        {currencies.crossing ? (
          <AmountField
            binding={form.text('receivedAmount')}
            label={`Amount received (${currencies.to})`}
            decimals={minorUnitOf(currencies.to)}
            hint="What arrived, after the bank’s rate and fees."
          />
        ) : null}
        <DateField binding={form.text('date')} today={today} />
      </div>
      <NoteField binding={form.text('note')} label="Note (Optional)" />
      {onEditAsTransaction ? (
        <button
          type="button"
          onClick={onEditAsTransaction}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          Not a transfer? Edit it as income or an expense
        </button>
      ) : null}
    </FormDialog>
  );
}
