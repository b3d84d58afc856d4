import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field, Input } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { loadSchemas } from '~/lib/contract-schemas';
import { errorMessage, trpc, trpcClient } from '~/lib/trpc';
import { useState, type FormEvent } from 'react';

import type { CategoryLists, ImportRuleInput, SavedImportRule } from '@paisable/contracts';
import { CATEGORY_MAX_LENGTH, formatCents, MESSAGES, sortCategories } from '@paisable/contracts/rules';

/** What a new rule starts from: a payee, and a category the user just chose (the "make a rule" offer). */
export type RuleDraft = Partial<Pick<SavedImportRule, 'pattern' | 'setCategory' | 'type'>>;

/** The select's value for "a category I name myself": no category can be spelled with a NUL. */
const NEW_CATEGORY = '\u0000new';

/** The categories a rule of this type may set: its type's list, or both lists for any type. */
function categoryChoices(lists: CategoryLists | undefined, type: '' | 'income' | 'expense'): string[] {
  if (!lists) return [];
  // A copy: the form may add a saved rule's own category to it, and the lists belong to the query cache.
  return type ? [...lists[type]] : sortCategories([...lists.expense, ...lists.income]);
}

/** Add or edit a rule; the contract checks it (the same check the server makes) before it is sent. */
export function RuleForm({
  rule,
  draft,
  onDone,
  onCancel,
}: {
  rule?: SavedImportRule;
  draft?: RuleDraft;
  onDone: () => void | Promise<void>;
  onCancel: () => void;
}) {
  const start = rule ?? draft ?? {};
  const [match, setMatch] = useState<ImportRuleInput['match']>(rule?.match ?? 'contains');
  const [field, setField] = useState<'name' | 'note'>(rule?.field ?? 'name');
  const [pattern, setPattern] = useState(start.pattern ?? '');
  const [type, setType] = useState<'' | 'income' | 'expense'>(start.type ?? '');
  const [minAmount, setMinAmount] = useState(
    rule?.minAmountCents === undefined ? '' : formatCents(rule.minAmountCents),
  );
  const [maxAmount, setMaxAmount] = useState(
    rule?.maxAmountCents === undefined ? '' : formatCents(rule.maxAmountCents),
  );
  const [setCategory, setSetCategory] = useState(start.setCategory ?? '');
  // The category comes from the user's list; naming a new one is an explicit choice in that list.
  const [newCategory, setNewCategory] = useState('');
  const queryClient = useQueryClient();
  const categoryLists = useQuery(trpc.categories.list.queryOptions()).data;
  const choices = categoryChoices(categoryLists, type);
  if (setCategory && setCategory !== NEW_CATEGORY && !choices.includes(setCategory)) {
    // A saved rule's category that left the list since: still shown, the server says if it no longer fits.
    choices.push(setCategory);
  }
  const creating = setCategory === NEW_CATEGORY;
  const [rename, setRename] = useState(rule?.rename ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!setCategory) return setProblem(MESSAGES.categoryRequired);
    const input: ImportRuleInput = {
      match,
      field,
      pattern,
      setCategory: creating ? newCategory : setCategory,
      ...(creating ? { createCategory: true } : {}),
      ...(type ? { type } : {}),
      ...(minAmount.trim() ? { minAmount: minAmount.trim() } : {}),
      ...(maxAmount.trim() ? { maxAmount: maxAmount.trim() } : {}),
      ...(rename.trim() ? { rename } : {}),
    };
    const schemas = await loadSchemas().catch(() => undefined);
    if (!schemas) return setProblem(MESSAGES.serverError);
    const checked = schemas.importRuleInput.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Check the rule.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      if (rule) await trpcClient.importRules.update.mutate({ id: rule.id, rule: input });
      else await trpcClient.importRules.create.mutate(input);
      if (creating) await queryClient.invalidateQueries({ queryKey: trpc.categories.list.queryKey() });
      await onDone();
    } catch (error) {
      setProblem(errorMessage(error, 'The rule could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => void submit(event)}
      aria-label={rule ? 'Edit rule' : 'New rule'}
    >
      {problem ? <ErrorBox>{problem}</ErrorBox> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Look at">
          {(id) => (
            <Select
              id={id}
              value={field}
              onChange={(event) => setField(event.target.value as 'name' | 'note')}
            >
              <option value="name">Payee / description</option>
              <option value="note">Note / memo</option>
            </Select>
          )}
        </Field>
        <Field label="When it">
          {(id) => (
            <Select
              id={id}
              value={match}
              onChange={(event) => setMatch(event.target.value as ImportRuleInput['match'])}
            >
              <option value="contains">contains</option>
              <option value="startsWith">starts with</option>
              <option value="regex">matches (regular expression)</option>
            </Select>
          )}
        </Field>
        <Field label="Text">
          {(id) => <Input id={id} value={pattern} onChange={(event) => setPattern(event.target.value)} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Type">
          {(id) => (
            <Select
              id={id}
              value={type}
              onChange={(event) => {
                const next = event.target.value as '' | 'income' | 'expense';
                setType(next);
                // A category of the other type's list no longer fits the rule.
                if (!creating && !categoryChoices(categoryLists, next).includes(setCategory))
                  setSetCategory('');
              }}
            >
              <option value="">Any</option>
              <option value="expense">Expense</option>
              <option value="income">Income</option>
            </Select>
          )}
        </Field>
        <Field label="Smallest amount">
          {(id) => (
            <Input
              id={id}
              inputMode="decimal"
              value={minAmount}
              onChange={(event) => setMinAmount(event.target.value)}
            />
          )}
        </Field>
        <Field label="Largest amount">
          {(id) => (
            <Input
              id={id}
              inputMode="decimal"
              value={maxAmount}
              onChange={(event) => setMaxAmount(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Set category">
          {(id) => (
            <Select id={id} value={setCategory} onChange={(event) => setSetCategory(event.target.value)}>
              <option value="">Select Category</option>
              {choices.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
              <option value={NEW_CATEGORY}>New category…</option>
            </Select>
          )}
        </Field>
        {creating ? (
          <Field label="New category name" hint={`Added to your ${type || 'expense'} categories`}>
            {(id) => (
              <Input
                id={id}
                value={newCategory}
                maxLength={CATEGORY_MAX_LENGTH}
                onChange={(event) => setNewCategory(event.target.value)}
              />
            )}
          </Field>
        ) : null}
        <Field label="Rename to" hint="Optional">
          {(id) => <Input id={id} value={rename} onChange={(event) => setRename(event.target.value)} />}
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {rule ? 'Save rule' : 'Add rule'}
        </Button>
      </div>
    </form>
  );
}
