import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckboxField } from '~/components/ui/checkbox-field';
import { Field } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import { firstProblem } from '~/lib/form-check';
import { errorMessage, trpc, trpcClient, type RouterOutputs } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { toast } from 'sonner';

import { UNDO_WINDOW_MS } from '../transactions/use-delete-transactions';

export type Payee = RouterOutputs['payees']['list'][number];

export const uses = (count: number) => (count === 1 ? '1 transaction' : `${count} transactions`);

/** After a rename, merge or undo every view of transactions shows the payees (and rules) as they are now. */
export function useRefreshPayees() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.payees.pathFilter()),
      queryClient.invalidateQueries(trpc.transactions.pathFilter()),
    ]);
}

/** “A”, “A” and “B”, “A”, “B” and “C”. */
function quotedList(names: readonly string[]): string {
  const quoted = names.map((name) => `“${name}”`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * The merge, and its success toast whose Undo brings the merged payees and their rows back. The Undo is a
 * plain call, not a mutation hook of the dialog: the dialog has closed by the time it is clicked.
 */
function useMergePayees() {
  const refresh = useRefreshPayees();
  const merge = useMutation(trpc.payees.merge.mutationOptions());

  async function undo(undoId: string) {
    try {
      const { payees } = await trpcClient.payees.undoMerge.mutate({ undoId });
      toast.success(`Merge undone: ${quotedList(payees.map((payee) => payee.name))} back`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not undo the merge. Please try again.'));
    }
    await refresh();
  }

  return async (input: { from: string[]; into: string; makeRule: boolean }, mergedNames: string[]) => {
    const merged = await merge.mutateAsync(input);
    const their = mergedNames.length === 1 ? 'its' : 'their';
    toast.success(
      `Merged ${quotedList(mergedNames)} into “${merged.payee.name}”` +
        (merged.rules.length > 0 ? '; later imports follow.' : ''),
      {
        duration: UNDO_WINDOW_MS,
        description: `Undo brings back ${quotedList(mergedNames)} with ${their} transactions.`,
        action: { label: 'Undo', onClick: () => void undo(merged.undoId) },
      },
    );
    await refresh();
  };
}

type MergeDraft = { into: string; makeRule: boolean };

type MergePayeesDialogProps = {
  /** The payees chosen to merge: one (its Merge button) or several (the selection). */
  merging: readonly Payee[];
  /** The payees it may go into: the others for one; for several, the one of them to keep. */
  choices: readonly Payee[];
  onDone: () => void;
};

/**
 * Merges one payee into another, or several chosen ones into the one of them whose name is kept: one
 * request, all or nothing. Optionally later imports file their bank text under the payee kept.
 */
export function MergePayeesDialog({ merging, choices, onDone }: MergePayeesDialogProps) {
  const merge = useMergePayees();
  const single = merging.length === 1 ? merging[0] : undefined;
  const fromOf = (into: string) => merging.filter((payee) => payee.id !== into).map((payee) => payee.id);
  const form = useContractForm<MergeDraft>({
    initial: { into: '', makeRule: true },
    check: (schemas, draft) =>
      draft.into === ''
        ? single
          ? 'Choose the payee to keep.'
          : 'Choose the name to keep.'
        : firstProblem(schemas.mergePayeesInput, { from: fromOf(draft.into), ...draft }, ['into']),
    failed: 'Could not merge the payees. Please try again.',
    save: async (draft) => {
      const names = merging.filter((payee) => payee.id !== draft.into).map((payee) => payee.name);
      await merge({ from: fromOf(draft.into), ...draft }, names);
      onDone();
    },
  });
  const rowCount = merging.reduce((sum, payee) => sum + payee.count, 0);
  return (
    <FormDialog
      title={single ? `Merge “${single.name}”` : `Merge ${merging.length} payees`}
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel="Merge payees"
    >
      {single ? null : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {quotedList(merging.map((payee) => payee.name))} become one payee, with their {uses(rowCount)}.
        </p>
      )}
      <Field
        label={single ? 'Merge into' : 'Name to keep'}
        hint={
          single
            ? `Its ${uses(single.count)} name the payee you choose; “${single.name}” goes away.`
            : 'The others go away; each transaction keeps the text its bank wrote.'
        }
      >
        {(id) => (
          <Select id={id} {...form.text('into')}>
            <option value="">{single ? 'Choose a payee…' : 'Choose a name…'}</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <CheckboxField
        label="Also for later imports"
        hint={
          single
            ? `Bank text like “${single.name}” in the next statements gets the payee you choose.`
            : 'Bank text like the merged payees’ in the next statements gets the payee you keep.'
        }
        checked={form.draft.makeRule}
        onChange={(checked) => form.set('makeRule', checked)}
      />
    </FormDialog>
  );
}
