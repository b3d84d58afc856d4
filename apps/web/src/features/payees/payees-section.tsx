import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { CheckboxField } from '~/components/ui/checkbox-field';
import { DataTable, type Column } from '~/components/ui/data-table';
import { Field, Input } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Select } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { firstProblem } from '~/lib/form-check';
import { trpc, type RouterOutputs } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { Combine, Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { PAYEE_NAME_MAX_LENGTH } from '@paisable/contracts/rules';

type Payee = RouterOutputs['payees']['list'][number];

/** After a rename or merge every view of transactions shows the payees as they are now. */
function useRefreshPayees() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.payees.pathFilter()),
      queryClient.invalidateQueries(trpc.transactions.pathFilter()),
    ]);
}

const uses = (payee: Payee) => (payee.count === 1 ? '1 transaction' : `${payee.count} transactions`);

/**
 * The user's payees with how many transactions name each: rename one everywhere, or merge one into another
 * ("AMZN Mktp US*2K4" into "Amazon"), optionally filing later imports of that bank text under it. Each
 * transaction keeps the payee text its bank wrote.
 */
export function PayeesSection() {
  const payees = useQuery(trpc.payees.list.queryOptions());
  const [renaming, setRenaming] = useState<Payee | null>(null);
  const [merging, setMerging] = useState<Payee | null>(null);

  if (payees.isPending) return <Spinner label="Loading your payees" />;
  if (payees.isError) return <ErrorBox>Could not load your payees. Please reload the page.</ErrorBox>;
  if (payees.data.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No payees yet. Imported transactions get the payee their bank wrote; you can also type one in a
        transaction’s form.
      </p>
    );

  const actions = (payee: Payee) => (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Rename payee ${payee.name}`}
        onClick={() => setRenaming(payee)}
      >
        <Pencil size={14} aria-hidden />
        <span className="max-sm:sr-only">Rename</span>
      </Button>
      {payees.data.length > 1 ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Merge payee ${payee.name}`}
          onClick={() => setMerging(payee)}
        >
          <Combine size={14} aria-hidden />
          <span className="max-sm:sr-only">Merge</span>
        </Button>
      ) : null}
    </div>
  );
  const columns: Column<Payee>[] = [
    { key: 'name', header: 'Payee', cell: (payee) => payee.name, cellClassName: 'font-medium break-all' },
    { key: 'count', header: 'Used on', cell: uses },
    { key: 'actions', header: <span className="sr-only">Actions</span>, cell: actions, align: 'right' },
  ];

  return (
    <div className="space-y-3">
      <DataTable
        label="Your payees"
        rows={payees.data}
        rowKey={(payee) => payee.id}
        columns={columns}
        card={(payee) => (
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium break-words">{payee.name}</p>
              <p className="text-slate-600 dark:text-slate-400">{uses(payee)}</p>
            </div>
            {actions(payee)}
          </div>
        )}
      />
      {renaming ? <RenamePayeeDialog payee={renaming} onDone={() => setRenaming(null)} /> : null}
      {merging ? (
        <MergePayeeDialog
          payee={merging}
          others={payees.data.filter((payee) => payee.id !== merging.id)}
          onDone={() => setMerging(null)}
        />
      ) : null}
    </div>
  );
}

function RenamePayeeDialog({ payee, onDone }: { payee: Payee; onDone: () => void }) {
  const refresh = useRefreshPayees();
  const rename = useMutation(trpc.payees.rename.mutationOptions());
  const form = useContractForm<{ name: string }>({
    initial: { name: payee.name },
    check: (schemas, draft) =>
      firstProblem(schemas.renamePayeeInput, { id: payee.id, name: draft.name }, ['name']),
    failed: 'Could not rename the payee. Please try again.',
    save: async (draft) => {
      const kept = await rename.mutateAsync({ id: payee.id, name: draft.name });
      toast.success(kept.id === payee.id ? `Renamed to “${kept.name}”` : `Merged into “${kept.name}”`);
      await refresh();
      onDone();
    },
  });
  return (
    <FormDialog
      title={`Rename “${payee.name}”`}
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel="Rename"
    >
      <Field
        label="New name"
        hint="Every transaction with this payee shows the new name; the bank’s own text stays on each row. A name you already use merges the two."
      >
        {(id) => (
          <Input id={id} maxLength={PAYEE_NAME_MAX_LENGTH + 1} autoComplete="off" {...form.text('name')} />
        )}
      </Field>
    </FormDialog>
  );
}

type MergeDraft = { into: string; makeRule: boolean };

function MergePayeeDialog({ payee, others, onDone }: { payee: Payee; others: Payee[]; onDone: () => void }) {
  const refresh = useRefreshPayees();
  const merge = useMutation(trpc.payees.merge.mutationOptions());
  const form = useContractForm<MergeDraft>({
    initial: { into: '', makeRule: true },
    check: (schemas, draft) =>
      draft.into === ''
        ? 'Choose the payee to keep.'
        : firstProblem(schemas.mergePayeesInput, { from: [payee.id], ...draft }, ['into']),
    failed: 'Could not merge the payees. Please try again.',
    save: async (draft) => {
      const merged = await merge.mutateAsync({ from: [payee.id], ...draft });
      toast.success(
        `Merged “${payee.name}” into “${merged.payee.name}”` +
          (merged.rules.length > 0 ? '; later imports follow.' : ''),
      );
      await refresh();
      onDone();
    },
  });
  return (
    <FormDialog
      title={`Merge “${payee.name}”`}
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel="Merge payees"
    >
      <Field
        label="Merge into"
        hint={`Its ${uses(payee)} name the payee you choose; “${payee.name}” goes away.`}
      >
        {(id) => (
          <Select id={id} {...form.text('into')}>
            <option value="">Choose a payee…</option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <CheckboxField
        label="Also for later imports"
        hint={`Bank text like “${payee.name}” in the next statements gets the payee you choose.`}
        checked={form.draft.makeRule}
        onChange={(checked) => form.set('makeRule', checked)}
      />
    </FormDialog>
  );
}
