import { AmountField } from '~/components/money-fields';
import { CheckboxField } from '~/components/ui/checkbox-field';
import { Field, Input } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import type { Schemas } from '~/lib/contract-schemas';
import { amountFromInput, firstProblem } from '~/lib/form-check';
import { useContractForm } from '~/lib/use-contract-form';
import { toast } from 'sonner';

import {
  BUDGET_YEAR_MAX,
  BUDGET_YEAR_MIN,
  budgetMonthStart,
  clampTypedMonth,
  dateRangeProblem,
  MESSAGES,
  minorUnitOf,
  parseAmountInCurrency,
} from '@paisable/contracts/rules';

import type { Budget } from './budgets-table';
import { useBudgetMutations } from './use-budget-mutations';

type FormProps = {
  /** A budget to edit, or nothing to add one. */
  budget?: Budget;
  categories: string[];
  /** The user's today (YYYY-MM-DD). */
  today: string;
  /** The month a new budget starts on (the month shown); today's month when absent. */
  month?: { month: number; year: number };
  /** The display currency: a budget is typed and saved in it (its decimals: whole yen, 3 for dinars). */
  currency: string;
  onDone: () => void;
};

type Draft = { category: string; amount: string; month: string; year: string; rollover: boolean };

/** The add/edit budget form in a modal; it mounts fresh each time it opens. */
export function BudgetFormDialog({ open, ...props }: FormProps & { open: boolean }) {
  return open ? <BudgetForm {...props} /> : null;
}

/** The currency a budget was set in when it is not the display one: its amount was converted for showing. */
function setInOther(budget: Budget, display: string): string | undefined {
  return budget.setIn === display ? undefined : budget.setIn;
}

function budgetDraft(budget: Budget): Draft {
  const unknown = (budget.amountConversion?.missing.length ?? 0) > 0;
  return {
    category: budget.category,
    // The converted amount, in the display currency; none when no rate converts it (not a made-up zero).
    amount: unknown ? '' : String(budget.amount),
    month: String(budget.month),
    year: String(budget.year),
    rollover: budget.rollover,
  };
}

/** A new budget: the month shown; the category is the user's choice (an untouched form must not save one). */
function blankDraft(today: string, month?: { month: number; year: number }): Draft {
  return {
    category: '',
    amount: '',
    month: String(month?.month ?? Number(today.slice(5, 7))),
    year: month ? String(month.year) : today.slice(0, 4),
    rollover: false,
  };
}

function toInput(draft: Draft) {
  return {
    category: draft.category,
    amount: amountFromInput(draft.amount),
    // An empty box is no month and 5.5 is not one: the contract refuses both, nothing is rounded.
    month: draft.month.trim() === '' ? Number.NaN : Number(draft.month),
    // An empty box is no year (the contract's message), not year 0.
    year: draft.year.trim() === '' ? Number.NaN : Number(draft.year),
    rollover: draft.rollover,
  };
}

/** The first problem with a draft by the API's own contract and date bounds, or null. */
function draftProblem(schemas: Schemas, draft: Draft, today: string, currency: string): string | null {
  const input = toInput(draft);
  const problem = firstProblem(schemas.budgetFieldsInput, input, ['category', 'amount', 'month', 'year']);
  // The contract keeps the decimals; the display currency decides how many (the server's own check).
  if (!problem && input.amount !== '0') {
    const read = parseAmountInCurrency(input.amount, currency);
    if (!read.ok && read.message !== MESSAGES.amountNotPositive) return read.message;
  }
  // An empty month box is a missing month, not a wrong one.
  if (problem === MESSAGES.budgetMonthInvalid && draft.month.trim() === '')
    return MESSAGES.budgetMonthRequired;
  return problem ?? dateRangeProblem([budgetMonthStart(input)], today);
}

function BudgetForm({ budget, categories, today, month, currency, onDone }: FormProps) {
  const { create, update } = useBudgetMutations();
  const form = useContractForm<Draft>({
    initial: () => (budget ? budgetDraft(budget) : blankDraft(today, month)),
    check: (schemas, draft) => draftProblem(schemas, draft, today, currency),
    failed: 'Could not save the budget. Please try again.',
    save: async (draft) => {
      const input = toInput(draft);
      if (budget) await update.mutateAsync({ id: budget.id, ...input });
      else await create.mutateAsync(input);
      toast.success(budget ? 'Budget updated' : 'Budget added');
      onDone();
    },
  });
  const { draft } = form;
  const options =
    budget && !categories.includes(budget.category) ? [...categories, budget.category] : categories;
  const other = budget && setInOther(budget, currency);

  return (
    <FormDialog
      title={budget ? 'Edit Budget' : 'Add Budget'}
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel={budget ? 'Save changes' : 'Add Budget'}
    >
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
        placeholder={minorUnitOf(currency) === 0 ? 'e.g. 25000' : 'e.g. 250.00'}
        decimals={minorUnitOf(currency)}
        label={`Amount (${currency})`}
        // Saving stores what is typed here in the display currency: the figure shown is the one the user
        // reads and edits, and keeping the old currency would convert it a second time.
        hint={
          other ? `Set in ${other}, shown converted. Saving keeps this amount in ${currency}.` : undefined
        }
      />
      <div className="grid grid-cols-2 gap-4">
        <Field label="Month">
          {(id) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min="1"
              max="12"
              required
              value={draft.month}
              // Whole months out of range snap to 1 or 12 as they are typed (the spec); anything else stays
              // as typed and is refused on save.
              onChange={(event) => form.set('month', clampTypedMonth(event.target.value))}
            />
          )}
        </Field>
        <Field label="Year">
          {(id) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={BUDGET_YEAR_MIN}
              max={BUDGET_YEAR_MAX}
              required
              {...form.text('year')}
            />
          )}
        </Field>
      </div>
      <CheckboxField
        label="Roll over"
        hint="Money left over, or spent beyond the limit, carries forward into the next budget."
        checked={draft.rollover}
        onChange={(checked) => form.set('rollover', checked)}
      />
    </FormDialog>
  );
}
