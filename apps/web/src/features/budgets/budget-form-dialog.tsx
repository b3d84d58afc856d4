import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Field, Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { errorMessage } from '~/lib/trpc';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { BUDGET_YEAR_MAX, BUDGET_YEAR_MIN, clampMonth } from '@paisable/contracts';

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

/** The first problem with a draft, or null; the server checks the same rules again. */
export function budgetDraftProblem(draft: Draft): string | null {
  if (!draft.category) return 'Please select a category';
  if (!/^\d+(\.\d{1,2})?$/.test(draft.amount.trim()))
    return 'Please enter an amount of 0 or more, like 250.00';
  const year = Number(draft.year);
  if (!Number.isInteger(year) || year < BUDGET_YEAR_MIN || year > BUDGET_YEAR_MAX)
    return `Year must be from ${BUDGET_YEAR_MIN} to ${BUDGET_YEAR_MAX}`;
  return null;
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = budgetDraftProblem(draft);
    setProblem(found);
    if (found) return;
    const input = {
      category: draft.category,
      amount: draft.amount.trim(),
      month: clampMonth(Number(draft.month)),
      year: Number(draft.year),
    };
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
    <Dialog open onClose={onDone} title={budget ? 'Edit Budget' : 'Add Budget'}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {problem ? <ErrorBox>{problem}</ErrorBox> : null}
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
              step="0.01"
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
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving...' : budget ? 'Save changes' : 'Add Budget'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
