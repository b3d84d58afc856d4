import { Field, Input } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import { loadSchemas, type Schemas } from '~/lib/contract-schemas';
import { amountFromInput, firstProblem } from '~/lib/form-check';
import { errorMessage } from '~/lib/trpc';
import { useState } from 'react';
import { toast } from 'sonner';

import {
  AMOUNT_STEP,
  BUDGET_YEAR_MAX,
  BUDGET_YEAR_MIN,
  budgetMonthStart,
  clampMonth,
  dateRangeProblem,
  MESSAGES,
} from '@paisable/contracts/rules';

import type { Budget } from './budgets-table';
import { useBudgetMutations } from './use-budget-mutations';

type FormProps = {
  /** A budget to edit, or nothing to add one. */
  budget?: Budget;
  categories: string[];
  /** The user's today (YYYY-MM-DD): a new budget starts on this month. */
  today: string;
  onDone: () => void;
};

type Draft = { category: string; amount: string; month: string; year: string };

/** The add/edit budget form in a modal; it mounts fresh each time it opens. */
export function BudgetFormDialog({ open, ...props }: FormProps & { open: boolean }) {
  return open ? <BudgetForm {...props} /> : null;
}

function toInput(draft: Draft) {
  return {
    category: draft.category,
    amount: amountFromInput(draft.amount),
    month: clampMonth(Number(draft.month)),
    // An empty box is no year (the contract's message), not year 0.
    year: draft.year.trim() === '' ? Number.NaN : Number(draft.year),
  };
}

/** The first problem with a draft by the API's own contract and date bounds, or null. */
function draftProblem(schemas: Schemas, draft: Draft, today: string): string | null {
  const input = toInput(draft);
  return (
    firstProblem(schemas.budgetFieldsInput, input, ['category', 'amount', 'month', 'year']) ??
    dateRangeProblem([budgetMonthStart(input)], today)
  );
}

function BudgetForm({ budget, categories, today, onDone }: FormProps) {
  const [draft, setDraft] = useState<Draft>(() =>
    budget
      ? {
          category: budget.category,
          amount: String(budget.amount),
          month: String(budget.month),
          year: String(budget.year),
        }
      : {
          category: categories[0] ?? '',
          amount: '',
          month: String(Number(today.slice(5, 7))),
          year: today.slice(0, 4),
        },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const { create, update } = useBudgetMutations();
  const isSaving = create.isPending || update.isPending;
  const options =
    budget && !categories.includes(budget.category) ? [...categories, budget.category] : categories;
  const change = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  async function submit() {
    const schemas = await loadSchemas().catch(() => undefined);
    if (!schemas) return setProblem(MESSAGES.serverError);
    const found = draftProblem(schemas, draft, today);
    setProblem(found);
    if (found) return;
    const input = toInput(draft);
    const onError = (error: unknown) =>
      setProblem(errorMessage(error, 'Could not save the budget. Please try again.'));
    const onSuccess = () => {
      toast.success(budget ? 'Budget updated' : 'Budget added');
      onDone();
    };
    if (budget) update.mutate({ id: budget.id, ...input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  }

  return (
    <FormDialog
      title={budget ? 'Edit Budget' : 'Add Budget'}
      problem={problem}
      onSubmit={() => void submit()}
      onCancel={onDone}
      isSaving={isSaving}
      submitLabel={budget ? 'Save changes' : 'Add Budget'}
    >
      <Field label="Category">
        {(id) => (
          <Select
            id={id}
            value={draft.category}
            required
            onChange={(event) => change('category')(event.target.value)}
          >
            {options.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Amount">
        {(id) => (
          <Input
            id={id}
            type="number"
            inputMode="decimal"
            min="0"
            step={AMOUNT_STEP}
            required
            placeholder="e.g. 250.00"
            value={draft.amount}
            onChange={(event) => change('amount')(event.target.value)}
          />
        )}
      </Field>
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
              // Out-of-range months snap to 1 or 12 as they are typed; an empty box may be retyped.
              onChange={(event) =>
                change('month')(
                  event.target.value === '' ? '' : String(clampMonth(Number(event.target.value))),
                )
              }
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
              value={draft.year}
              onChange={(event) => change('year')(event.target.value)}
            />
          )}
        </Field>
      </div>
    </FormDialog>
  );
}
