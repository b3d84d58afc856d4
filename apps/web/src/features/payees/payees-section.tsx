import { useMutation, useQuery } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { DataTable, type Column } from '~/components/ui/data-table';
import { Field, Input } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Spinner } from '~/components/ui/spinner';
import { firstProblem } from '~/lib/form-check';
import { trpc } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { Combine, Pencil } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { PAYEE_NAME_MAX_LENGTH } from '@paisable/contracts/rules';

import { pageSelection } from '../transactions/page-selection';
import { MergePayeesDialog, useRefreshPayees, uses, type Payee } from './merge-payees-dialog';

const usesOf = (payee: Payee) => uses(payee.count);
const checkboxClass = 'h-4 w-4 shrink-0 accent-brand-700';

/**
 * The user's payees with how many transactions name each: rename one everywhere, or merge one into another
 * ("AMZN Mktp US*2K4" into "Amazon"), or several chosen ones into one of them, optionally filing later
 * imports of their bank text under it. Each transaction keeps the payee text its bank wrote.
 */
export function PayeesSection() {
  const payees = useQuery(trpc.payees.list.queryOptions());
  const [renaming, setRenaming] = useState<Payee | null>(null);
  const [merging, setMerging] = useState<{ payees: Payee[]; choices: Payee[] } | null>(null);
  const [selectedIds, setSelectedIds] = useState<Set<string>>(new Set());

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
          onClick={() =>
            setMerging({ payees: [payee], choices: payees.data.filter((other) => other.id !== payee.id) })
          }
        >
          <Combine size={14} aria-hidden />
          <span className="max-sm:sr-only">Merge</span>
        </Button>
      ) : null}
    </div>
  );
  // Payees merged or renamed away leave the selection with the list.
  const selected = payees.data.filter((payee) => selectedIds.has(payee.id));
  const { allSelected, toggle, toggleAll } = pageSelection(payees.data, selectedIds, setSelectedIds);
  const selectAll = (
    <input
      type="checkbox"
      aria-label="Select all payees"
      checked={allSelected}
      onChange={toggleAll}
      className={checkboxClass}
    />
  );
  const selectOne = (payee: Payee) => (
    <input
      type="checkbox"
      aria-label={`Select payee ${payee.name}`}
      checked={selectedIds.has(payee.id)}
      onChange={() => toggle(payee.id)}
      className={checkboxClass}
    />
  );
  const columns: Column<Payee>[] = [
    { key: 'select', header: selectAll, cell: selectOne, className: 'w-10' },
    { key: 'name', header: 'Payee', cell: (payee) => payee.name, cellClassName: 'font-medium break-all' },
    { key: 'count', header: 'Used on', cell: usesOf },
    { key: 'actions', header: <span className="sr-only">Actions</span>, cell: actions, align: 'right' },
  ];

  return (
    <div className="space-y-3">
      {payees.data.length > 1 ? (
        <div className="flex min-h-9 flex-wrap items-center gap-3 text-sm">
          <label className="flex items-center gap-2 md:hidden">
            {selectAll}
            <span aria-hidden>Select all</span>
          </label>
          <span className="text-slate-600 dark:text-slate-400">
            {selected.length === 0
              ? 'Select payees to merge several into one.'
              : `${selected.length} selected`}
          </span>
          {selected.length > 1 ? (
            <Button size="sm" onClick={() => setMerging({ payees: selected, choices: selected })}>
              <Combine size={14} aria-hidden />
              Merge selected ({selected.length})
            </Button>
          ) : null}
        </div>
      ) : null}
      <DataTable
        label="Your payees"
        rows={payees.data}
        rowKey={(payee) => payee.id}
        columns={columns}
        isSelected={(payee) => selectedIds.has(payee.id)}
        card={(payee) => (
          <div className="flex items-center justify-between gap-3">
            <span className="pt-0.5">{selectOne(payee)}</span>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium break-words">{payee.name}</p>
              <p className="text-slate-600 dark:text-slate-400">{usesOf(payee)}</p>
            </div>
            {actions(payee)}
          </div>
        )}
      />
      {renaming ? <RenamePayeeDialog payee={renaming} onDone={() => setRenaming(null)} /> : null}
      {merging ? (
        <MergePayeesDialog
          merging={merging.payees}
          choices={merging.choices}
          onDone={() => {
            setMerging(null);
            setSelectedIds(new Set());
          }}
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
