import { AmountField, DateField } from '~/components/money-fields';
import { CheckboxField } from '~/components/ui/checkbox-field';
import { characterCount, Field, Input } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import type { Schemas } from '~/lib/contract-schemas';
import { amountFromInput, firstProblem } from '~/lib/form-check';
import { useContractForm } from '~/lib/use-contract-form';
import { useState } from 'react';
import { toast } from 'sonner';

import {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_KINDS,
  ACCOUNT_MESSAGES,
  ACCOUNT_NAME_MAX_LENGTH,
  dateRangeProblem,
  formatMinor,
  minorUnitOf,
  onBudgetByDefault,
  parseSignedAmountInCurrency,
  type AccountKind,
} from '@paisable/contracts/rules';

import type { Account } from './accounts-query';
import { CurrencySelect } from './currency-select';
import { useAccountMutations } from './use-account-mutations';

type FormProps = {
  /** An account to edit, or nothing to add one. */
  account?: Account;
  /** The user's today (YYYY-MM-DD): a new account opens on it. */
  today: string;
  /** The user's display currency: a new account's default. */
  displayCurrency: string;
  onDone: () => void;
};

type Draft = {
  name: string;
  kind: AccountKind;
  currency: string;
  openingBalance: string;
  openingDate: string;
  onBudget: boolean;
  closed: boolean;
};

const FIELD_ORDER = ['name', 'kind', 'currency', 'openingBalance', 'openingDate'];

/** The add/edit account form in a modal; it mounts fresh each time it opens. */
export function AccountFormDialog({ open, ...props }: FormProps & { open: boolean }) {
  return open ? <AccountForm {...props} /> : null;
}

function accountDraft(account: Account): Draft {
  return {
    name: account.name,
    kind: account.kind,
    currency: account.currency,
    openingBalance: formatMinor(account.openingBalanceCents, account.currency),
    openingDate: account.openingDate,
    onBudget: account.onBudget,
    closed: account.closed,
  };
}

function blankDraft(today: string, currency: string): Draft {
  return {
    name: '',
    kind: 'checking',
    currency,
    openingBalance: '',
    openingDate: today,
    onBudget: onBudgetByDefault('checking'),
    closed: false,
  };
}

function toInput(draft: Draft) {
  return {
    name: draft.name.trim(),
    kind: draft.kind,
    currency: draft.currency,
    // An empty box opens the account at zero: most new accounts start empty.
    openingBalance: draft.openingBalance.trim() === '' ? 0 : amountFromInput(draft.openingBalance),
    openingDate: draft.openingDate,
    onBudget: draft.onBudget,
  };
}

function draftProblem(schemas: Schemas, draft: Draft, today: string, account?: Account): string | null {
  const input = toInput(draft);
  const contractProblem = account
    ? firstProblem(
        schemas.updateAccountInput,
        { id: account.id, ...input, closed: draft.closed },
        FIELD_ORDER,
      )
    : firstProblem(schemas.createAccountInput, input, FIELD_ORDER);
  // The opening balance has the decimals of the account's currency (no cents in yen).
  const opening = parseSignedAmountInCurrency(String(input.openingBalance), draft.currency);
  return (
    contractProblem ?? (opening.ok ? null : opening.message) ?? dateRangeProblem([draft.openingDate], today)
  );
}

function AccountForm({ account, today, displayCurrency, onDone }: FormProps) {
  const { create, update } = useAccountMutations();
  // Until the user ticks or clears "On budget" themselves, it follows the kind's usual setting.
  const [budgetChosen, setBudgetChosen] = useState(account !== undefined);
  const form = useContractForm<Draft>({
    initial: () => (account ? accountDraft(account) : blankDraft(today, displayCurrency)),
    check: (schemas, draft) => draftProblem(schemas, draft, today, account),
    failed: 'Could not save the account. Please try again.',
    save: async (draft) => {
      const input = toInput(draft);
      if (account) await update.mutateAsync({ id: account.id, ...input, closed: draft.closed });
      else await create.mutateAsync(input);
      toast.success(account ? ACCOUNT_MESSAGES.updated : ACCOUNT_MESSAGES.created);
      onDone();
    },
  });
  const { draft } = form;

  function changeKind(kind: AccountKind) {
    form.setDraft((previous) => ({
      ...previous,
      kind,
      onBudget: budgetChosen ? previous.onBudget : onBudgetByDefault(kind),
    }));
  }

  return (
    <FormDialog
      title={account ? 'Edit Account' : 'Add Account'}
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel={account ? 'Save changes' : 'Add Account'}
    >
      <Field label="Name" hint={characterCount(draft.name, ACCOUNT_NAME_MAX_LENGTH)}>
        {(id) => (
          <Input
            id={id}
            required
            maxLength={ACCOUNT_NAME_MAX_LENGTH}
            placeholder="e.g. Savings"
            data-autofocus
            {...form.text('name')}
          />
        )}
      </Field>
      <Field label="Kind">
        {(id) => (
          <Select
            id={id}
            value={draft.kind}
            onChange={(event) => changeKind(event.target.value as AccountKind)}
          >
            {ACCOUNT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {ACCOUNT_KIND_LABELS[kind]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <CurrencySelect
        value={draft.currency}
        onChange={(event) => form.set('currency', event.target.value)}
        hint="Its transactions and balance are in it. It can change only while the account has no transactions."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField
          binding={form.text('openingBalance')}
          label="Opening balance"
          signed
          decimals={minorUnitOf(draft.currency)}
          placeholder={formatMinor(0, draft.currency)}
          hint="On the opening date. For a card or a loan, what you owe as a negative amount."
        />
        <DateField binding={form.text('openingDate')} label="Opening date" />
      </div>
      <CheckboxField
        label="On budget"
        hint="Its money counts in your budgets, income, expenses and Current Balance."
        checked={draft.onBudget}
        onChange={(checked) => {
          setBudgetChosen(true);
          form.set('onBudget', checked);
        }}
      />
      {account ? (
        <CheckboxField
          label="Closed"
          hint="A closed account keeps its history and balance but takes no new transactions."
          checked={draft.closed}
          onChange={(checked) => form.set('closed', checked)}
        />
      ) : null}
    </FormDialog>
  );
}
