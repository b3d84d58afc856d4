import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { DataTable, type Column } from '~/components/ui/data-table';
import { Field, Input } from '~/components/ui/field';
import { FormDialog } from '~/components/ui/form-dialog';
import { Spinner } from '~/components/ui/spinner';
import { firstProblem } from '~/lib/form-check';
import { errorMessage, trpc, type RouterOutputs } from '~/lib/trpc';
import { useContractForm } from '~/lib/use-contract-form';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { PAYEE_NAME_MAX_LENGTH } from '@paisable/contracts/rules';

import { PayeeField } from './payee-field';

type PayeeRule = RouterOutputs['payees']['rules'][number];

/** A rule's condition as the screen says it. */
const describe = (rule: PayeeRule) => `Bank text contains “${rule.pattern}”`;

/** After a change the rules and the payees (a rule may make one) are read again. */
function useRefreshRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.payees.pathFilter());
}

/**
 * The user's payee rules, "bank text contains … → payee": made by a merge ("Also for later imports") or
 * here. They apply when an import saves its rows; rows already saved keep their payee.
 */
export function PayeeRulesSection() {
  const rules = useQuery(trpc.payees.rules.queryOptions());
  const refresh = useRefreshRules();
  const [editing, setEditing] = useState<PayeeRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PayeeRule | null>(null);
  const remove = useMutation(
    trpc.payees.deleteRule.mutationOptions({
      onSuccess: () => {
        toast.success('Payee rule deleted');
        setDeleting(null);
        void refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not delete the rule.')),
    }),
  );

  if (rules.isPending) return <Spinner label="Loading your payee rules" />;
  if (rules.isError) return <ErrorBox>Could not load your payee rules. Please reload the page.</ErrorBox>;

  const actions = (rule: PayeeRule) => (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Edit rule for “${rule.pattern}”`}
        onClick={() => setEditing(rule)}
      >
        <Pencil size={14} aria-hidden />
        <span className="max-sm:sr-only">Edit</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Delete rule for “${rule.pattern}”`}
        onClick={() => setDeleting(rule)}
      >
        <Trash2 size={14} aria-hidden />
        <span className="max-sm:sr-only">Delete</span>
      </Button>
    </div>
  );
  const columns: Column<PayeeRule>[] = [
    {
      key: 'pattern',
      header: 'Bank text contains',
      cell: (rule) => rule.pattern,
      cellClassName: 'break-all',
    },
    { key: 'payee', header: 'Payee', cell: (rule) => rule.payee, cellClassName: 'font-medium break-all' },
    { key: 'actions', header: <span className="sr-only">Actions</span>, cell: actions, align: 'right' },
  ];

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-xl text-sm text-slate-600 dark:text-slate-400">
          When an import saves its rows, a row whose bank text contains a rule’s text (any case or accents)
          gets the rule’s payee; the longest text wins. Rules apply to future imports only: transactions
          already saved keep their payee.
        </p>
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus size={14} aria-hidden />
          Add rule
        </Button>
      </div>
      {rules.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No payee rules yet. Add one, or tick “Also for later imports” when you merge payees.
        </p>
      ) : (
        <DataTable
          label="Your payee rules"
          rows={rules.data}
          rowKey={(rule) => rule.id}
          columns={columns}
          card={(rule) => (
            <div className="flex items-center justify-between gap-3">
              <div className="min-w-0 flex-1 text-sm break-words">
                <p className="text-slate-600 dark:text-slate-400">{describe(rule)}</p>
                <p className="font-medium">→ {rule.payee}</p>
              </div>
              {actions(rule)}
            </div>
          )}
        />
      )}
      {editing ? (
        <PayeeRuleDialog rule={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this payee rule?"
        message={
          deleting
            ? `${describe(deleting)} → “${deleting.payee}”. Later imports file that bank text under its own payee again; transactions already saved keep theirs.`
            : ''
        }
        confirmLabel="Delete rule"
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

type RuleDraft = { pattern: string; payee: string };

/** Adds a rule or changes one: the same checks as the rules a merge makes (the contract's). */
function PayeeRuleDialog({ rule, onDone }: { rule?: PayeeRule; onDone: () => void }) {
  const refresh = useRefreshRules();
  const create = useMutation(trpc.payees.createRule.mutationOptions());
  const update = useMutation(trpc.payees.updateRule.mutationOptions());
  const form = useContractForm<RuleDraft>({
    initial: { pattern: rule?.pattern ?? '', payee: rule?.payee ?? '' },
    check: (schemas, draft) => firstProblem(schemas.createPayeeRuleInput, draft, ['pattern', 'payee']),
    failed: 'Could not save the rule. Please try again.',
    save: async (draft) => {
      const saved = rule
        ? await update.mutateAsync({ id: rule.id, ...draft })
        : await create.mutateAsync(draft);
      toast.success(`${describe(saved)} → “${saved.payee}”: later imports follow.`);
      await refresh();
      onDone();
    },
  });
  return (
    <FormDialog
      title={rule ? 'Edit payee rule' : 'Add payee rule'}
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel={rule ? 'Save rule' : 'Add rule'}
    >
      <Field
        label="Bank text contains"
        hint="Part of the text your bank writes, e.g. “amzn mktp”. Case and accents do not matter."
      >
        {(id) => (
          <Input
            id={id}
            maxLength={PAYEE_NAME_MAX_LENGTH + 1}
            autoComplete="off"
            placeholder="e.g. amzn mktp"
            {...form.text('pattern')}
          />
        )}
      </Field>
      <PayeeField
        label="Payee"
        hint="The payee such rows get. Pick one you have, or type a new one."
        value={form.draft.payee}
        onChange={(payee) => form.set('payee', payee)}
      />
    </FormDialog>
  );
}
