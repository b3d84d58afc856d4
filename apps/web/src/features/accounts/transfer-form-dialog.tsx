import { useQuery } from '@tanstack/react-query';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { characterCount, Field, Input, inputClasses } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import { FarAheadHint } from '~/features/transactions/far-ahead-hint';
import type { Schemas } from '~/lib/contract-schemas';
import { amountFromInput, firstProblem } from '~/lib/form-check';
import { useContractForm } from '~/lib/use-contract-form';
import { toast } from 'sonner';

import {
  ACCOUNT_MESSAGES,
  AMOUNT_STEP,
  dateRangeProblem,
  isFarAhead,
  NOTE_MAX_LENGTH,
} from '@paisable/contracts/rules';

import { accountsQuery, openAccounts, type Account } from './accounts-query';
import { useCreateTransfer } from './use-account-mutations';

type FormProps = {
  /** The user's today (YYYY-MM-DD): the transfer's default day. */
  today: string;
  /** The account the money leaves, when the user started from it. */
  fromAccountId?: string;
  onDone: () => void;
};

type Draft = { fromAccountId: string; toAccountId: string; amount: string; date: string; note: string };

const FIELD_ORDER = ['fromAccountId', 'toAccountId', 'amount', 'date', 'note'];

/** Not in the contracts yet: shown instead of the form while the user has fewer than two open accounts. */
const NEEDS_TWO_ACCOUNTS = 'A transfer moves money between two open accounts: add a second account first.';

/** Money moved between two of the user's accounts, in a modal; it mounts fresh each time it opens. */
export function TransferFormDialog({ open, ...props }: FormProps & { open: boolean }) {
  const list = useQuery({ ...accountsQuery(), enabled: open });
  if (!open || !list.data) return null;
  const accounts = openAccounts(list.data.accounts);
  if (accounts.length < 2) return <NeedsTwoAccounts onClose={props.onDone} />;
  return <TransferForm accounts={accounts} {...props} />;
}

function NeedsTwoAccounts({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Transfer between accounts" size="sm">
      <p className="text-sm">{NEEDS_TWO_ACCOUNTS}</p>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}

function blankDraft(accounts: Account[], today: string, fromAccountId?: string): Draft {
  const from = accounts.find((account) => account.id === fromAccountId) ?? accounts[0];
  const to = accounts.find((account) => account.id !== from?.id);
  return { fromAccountId: from?.id ?? '', toAccountId: to?.id ?? '', amount: '', date: today, note: '' };
}

function toInput(draft: Draft) {
  return {
    fromAccountId: draft.fromAccountId,
    toAccountId: draft.toAccountId,
    amount: amountFromInput(draft.amount),
    date: draft.date,
    note: draft.note.trim(),
  };
}

function draftProblem(schemas: Schemas, draft: Draft, today: string): string | null {
  if (draft.fromAccountId === draft.toAccountId) return ACCOUNT_MESSAGES.transferSameAccount;
  return (
    firstProblem(schemas.createTransferInput, toInput(draft), FIELD_ORDER) ??
    dateRangeProblem([draft.date], today)
  );
}

function TransferForm({ accounts, today, fromAccountId, onDone }: FormProps & { accounts: Account[] }) {
  const transfer = useCreateTransfer();
  const form = useContractForm<Draft>({
    initial: () => blankDraft(accounts, today, fromAccountId),
    check: (schemas, draft) => draftProblem(schemas, draft, today),
    failed: 'Could not record the transfer. Please try again.',
    save: async (draft) => {
      await transfer.mutateAsync(toInput(draft));
      toast.success(ACCOUNT_MESSAGES.transferCreated);
      onDone();
    },
  });
  const { draft } = form;
  const accountOptions = accounts.map((account) => (
    <option key={account.id} value={account.id}>
      {account.name}
    </option>
  ));

  return (
    <FormDialog
      title="Transfer between accounts"
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel="Record transfer"
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
        <Field label="Amount">
          {(id) => (
            <Input
              id={id}
              type="number"
              inputMode="decimal"
              min={AMOUNT_STEP}
              step={AMOUNT_STEP}
              required
              {...form.text('amount')}
            />
          )}
        </Field>
        <Field label="Date" hint={isFarAhead(draft.date, today) ? <FarAheadHint /> : null}>
          {(id) => <Input id={id} type="date" required {...form.text('date')} />}
        </Field>
      </div>
      <Field label="Note (Optional)" hint={characterCount(draft.note, NOTE_MAX_LENGTH)}>
        {(id) => (
          <textarea
            id={id}
            rows={2}
            maxLength={NOTE_MAX_LENGTH}
            className={inputClasses}
            {...form.text('note')}
          />
        )}
      </Field>
    </FormDialog>
  );
}
