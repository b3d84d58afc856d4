import { useQuery } from '@tanstack/react-query';
import { AmountField, DateField } from '~/components/money-fields';
import { characterCount, Field, Input } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import type { Schemas } from '~/lib/contract-schemas';
import { amountFromInput, firstProblem } from '~/lib/form-check';
import { useContractForm } from '~/lib/use-contract-form';
import { useState } from 'react';
import { toast } from 'sonner';

import type { RecurringFrequency } from '@paisable/contracts';
import {
  dateRangeProblem,
  DEFAULT_FREQUENCY,
  findIsoCurrency,
  FREQUENCY_LABELS,
  parseAmountInCurrency,
  RECURRING_FREQUENCIES,
  TRANSACTION_NAME_MAX_LENGTH,
} from '@paisable/contracts/rules';

import { accountChoiceOf, AccountPicker } from '../accounts/account-picker';
import { accountsQuery } from '../accounts/accounts-query';
import { CatchUpChoice, useCatchUpPreview } from './catch-up-choice';
import type { RecurringRule } from './recurring-table';
import { useRecurringMutations } from './use-recurring-mutations';

type FormProps = {
  rule?: RecurringRule;
  categories: { expense: string[]; income: string[] };
  today: string;
  onDone: () => void;
};

export type RecurringDraft = {
  name: string;
  category: string;
  amount: string;
  frequency: RecurringFrequency;
  startDate: string;
  endDate: string;
  isIncome: boolean;
  /** Empty until the user picks one: the form then saves into the remembered or first open account. */
  accountId: string;
};

/** The add/edit form in a modal; it mounts fresh each time it opens. */
export function RecurringFormDialog({ open, ...props }: FormProps & { open: boolean }) {
  return open ? <RecurringForm {...props} /> : null;
}

function ruleDraft(rule: RecurringRule): RecurringDraft {
  return {
    name: rule.name,
    category: rule.category,
    amount: String(rule.amount),
    frequency: rule.frequency,
    startDate: rule.startDate,
    endDate: rule.endDate ?? '',
    isIncome: rule.isIncome,
    accountId: rule.accountId ?? '',
  };
}

/** A new rule: monthly from today, an expense. */
function blankDraft(today: string): RecurringDraft {
  return {
    name: '',
    category: '',
    amount: '',
    frequency: DEFAULT_FREQUENCY,
    startDate: today,
    endDate: '',
    isIncome: false,
    accountId: '',
  };
}

/** The draft as the API's contract takes it (create and update share the fields). */
export function recurringInput(draft: RecurringDraft) {
  return {
    name: draft.name.trim(),
    category: draft.category,
    amount: amountFromInput(draft.amount),
    isIncome: draft.isIncome,
    frequency: draft.frequency,
    startDate: draft.startDate,
    endDate: draft.endDate || null,
    accountId: draft.accountId || null,
  };
}

/**
 * The first problem with a draft by the API's own contract and date bounds, or null; the amount is also
 * checked against the decimals of the account's currency (12.5 yen is refused), in the server's words.
 */
export function recurringDraftProblem(
  schemas: Schemas,
  draft: RecurringDraft,
  today: string,
  currency: string | undefined,
): string | null {
  const problem = firstProblem(schemas.createRecurringInput, recurringInput(draft), [
    'name',
    'category',
    'amount',
    'startDate',
    'endDate',
  ]);
  if (problem) return problem;
  if (currency) {
    const read = parseAmountInCurrency(amountFromInput(draft.amount), currency);
    if (!read.ok) return read.message;
  }
  return dateRangeProblem([draft.startDate, draft.endDate || null], today);
}

function RecurringForm({ rule, categories, today, onDone }: FormProps) {
  // Record the occurrences between a past start date and today (the choice shows only when there are).
  // This is the user's choice; what is saved also depends on the cap (see below).
  const [catchUp, setCatchUp] = useState(true);
  const { create, update } = useRecurringMutations();
  // The account the occurrences go to decides the amount's currency and decimals (whole yen, 3 for dinars).
  const accounts = useQuery(accountsQuery()).data?.accounts ?? [];
  const choiceFor = (draft: RecurringDraft) => accountChoiceOf(accounts, draft.accountId);
  const form = useContractForm<RecurringDraft>({
    initial: () => (rule ? ruleDraft(rule) : blankDraft(today)),
    check: (schemas, draft) =>
      recurringDraftProblem(schemas, draft, today, choiceFor(draft).account?.currency),
    failed: 'Could not save the recurring transaction. Please try again.',
    save: async (draft) => {
      // Past the cap only "from today" can be saved; under it, whatever the user chose.
      const input = {
        ...recurringInput({ ...draft, accountId: accountChoice.chosen }),
        catchUp: catchUp && !preview.tooMany,
      };
      if (rule) await update.mutateAsync({ id: rule.id, ...input });
      else await create.mutateAsync(input);
      toast.success(rule ? 'Recurring transaction updated' : 'Recurring transaction added');
      onDone();
    },
  });
  const { draft } = form;
  const accountChoice = choiceFor(draft);
  const preview = useCatchUpPreview({
    ruleId: rule?.id,
    scheduleKept:
      rule !== undefined &&
      rule.frequency === draft.frequency &&
      rule.startDate === draft.startDate &&
      (rule.endDate ?? '') === draft.endDate,
    frequency: draft.frequency,
    startDate: draft.startDate,
    endDate: draft.endDate,
    today,
  });
  const options = [...categories[draft.isIncome ? 'income' : 'expense']];
  if (draft.category && !options.includes(draft.category)) options.push(draft.category);

  return (
    <FormDialog
      title={rule ? 'Edit Recurring Transaction' : 'Add Recurring Transaction'}
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel={rule ? 'Save changes' : 'Add Recurring Transaction'}
    >
      <Field label="Name" hint={characterCount(draft.name, TRANSACTION_NAME_MAX_LENGTH)}>
        {(id) => (
          <Input
            id={id}
            maxLength={TRANSACTION_NAME_MAX_LENGTH}
            required
            placeholder="e.g. Rent"
            {...form.text('name')}
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
        <input
          type="checkbox"
          checked={draft.isIncome}
          // The category lists differ by type: a category of the other list no longer fits.
          onChange={(event) => form.setDraft((d) => ({ ...d, isIncome: event.target.checked, category: '' }))}
          className="h-4 w-4 accent-brand-700"
        />
        Income
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category">
          {(id) => (
            <Select id={id} required {...form.text('category')}>
              <option value="">Select Category</option>
              {options.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <AmountField
          binding={form.text('amount')}
          decimals={findIsoCurrency(accountChoice.account?.currency ?? '')?.minorUnit}
        />
      </div>
      <Field label="Frequency">
        {(id) => (
          <Select
            id={id}
            value={draft.frequency}
            onChange={(event) => form.set('frequency', event.target.value as RecurringFrequency)}
          >
            {RECURRING_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField binding={form.text('startDate')} label="Start Date" today={today} />
        <DateField
          binding={form.text('endDate')}
          label="End Date (Optional)"
          required={false}
          min={draft.startDate || undefined}
        />
      </div>
      <AccountPicker
        options={accountChoice.options}
        value={accountChoice.chosen}
        onChange={(id) => form.set('accountId', id)}
      />
      <CatchUpChoice preview={preview} today={today} catchUp={catchUp} onChange={setCatchUp} />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Next Due Date will be calculated automatically based on this start date and frequency. The start date
        is the first occurrence; occurrences already due are recorded as soon as you save.
      </p>
    </FormDialog>
  );
}
