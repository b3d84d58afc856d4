import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ErrorBox } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { TitleRow } from '~/components/ui/title-row';
import { errorMessage, trpc, trpcClient } from '~/lib/trpc';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import type { RuleChangesPreview, SavedImportRule } from '@paisable/contracts';
import { formatCents } from '@paisable/contracts/rules';

import { RuleForm } from './rule-form';
import { ruleDraftOf } from './rule-search';

const MATCH_WORDS: Record<SavedImportRule['match'], string> = {
  contains: 'contains',
  startsWith: 'starts with',
  regex: 'matches',
};

/** "Payee contains "atm", expense, 0.00–500.00" → the rule's condition as a sentence. */
export function describeRule(rule: SavedImportRule): string {
  const parts = [`${rule.field === 'note' ? 'Note' : 'Payee'} ${MATCH_WORDS[rule.match]} "${rule.pattern}"`];
  if (rule.type) parts.push(rule.type);
  if (rule.minAmountCents !== undefined || rule.maxAmountCents !== undefined) {
    parts.push(
      `${rule.minAmountCents === undefined ? 'any' : formatCents(rule.minAmountCents)}–${rule.maxAmountCents === undefined ? 'any' : formatCents(rule.maxAmountCents)}`,
    );
  }
  return parts.join(', ');
}

/**
 * Rules: how imported rows get their category (and name). Tried in order; the first that matches wins.
 * "Apply to existing transactions" shows what would change before changing it.
 */
export function RulesPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Arriving from "Make a rule" (a transaction's new category): the new rule's form, filled in.
  const draft = ruleDraftOf(useSearch({ from: '/_authed/_app/rules' }));
  const list = useQuery(trpc.importRules.list.queryOptions());
  const rules = list.data ?? [];
  const [editing, setEditing] = useState<SavedImportRule | 'new' | null>(draft ? 'new' : null);
  const closeForm = () => {
    setEditing(null);
    if (draft) void navigate({ to: '/rules', search: {}, replace: true });
  };
  const [changes, setChanges] = useState<RuleChangesPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: trpc.importRules.list.queryKey() });
    } catch (error) {
      setProblem(errorMessage(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const move = (index: number, by: number) =>
    run(() => {
      const ids = rules.map((rule) => rule.id);
      const [moved] = ids.splice(index, 1);
      if (moved) ids.splice(index + by, 0, moved);
      return trpcClient.importRules.reorder.mutate({ ids });
    });

  return (
    <div className="space-y-6">
      <TitleRow>
        <h1 className="text-2xl font-bold">Rules</h1>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={busy || rules.length === 0}
            onClick={() =>
              void run(async () => setChanges(await trpcClient.importRules.previewChanges.query()))
            }
          >
            Apply to existing transactions
          </Button>
          <Button onClick={() => setEditing('new')}>Add rule</Button>
        </div>
      </TitleRow>
      <p className="max-w-2xl text-sm text-slate-600 dark:text-slate-400">
        Imported rows get their category from the first rule that matches, in this order. Without a match, the
        category you used most for the same payee is suggested.
      </p>
      {problem ? <ErrorBox>{problem}</ErrorBox> : null}
      {editing ? (
        <Card className="p-4">
          <RuleForm
            rule={editing === 'new' ? undefined : editing}
            draft={editing === 'new' ? draft : undefined}
            onDone={async () => {
              closeForm();
              await queryClient.invalidateQueries({ queryKey: trpc.importRules.list.queryKey() });
            }}
            onCancel={closeForm}
          />
        </Card>
      ) : null}

      {changes ? (
        <Card className="space-y-3 p-4" aria-labelledby="rule-changes">
          <h2 id="rule-changes" className="text-lg font-semibold">
            {changes.changeCount === 0
              ? 'Your transactions already follow the rules'
              : `${changes.changeCount} transaction${changes.changeCount === 1 ? '' : 's'} would change`}
          </h2>
          {changes.changes.length > 0 ? (
            <ul className="max-h-64 space-y-1 overflow-auto text-sm">
              {changes.changes.map((change) => (
                <li key={change.id}>
                  {change.date} {change.name}
                  {change.toName ? ` → ${change.toName}` : ''}: {change.fromCategory} → {change.toCategory}{' '}
                  (rule {change.rulePosition})
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setChanges(null)}>
              Close
            </Button>
            {changes.changeCount > 0 ? (
              <Button
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    const { changedCount } = await trpcClient.importRules.applyChanges.mutate();
                    await queryClient.invalidateQueries();
                    toast.success(`Changed ${changedCount} transaction${changedCount === 1 ? '' : 's'}`);
                    setChanges(null);
                  })
                }
              >
                Apply
              </Button>
            ) : null}
          </div>
        </Card>
      ) : null}

      <Card>
        {rules.length === 0 ? (
          <p className="px-6 py-12 text-center text-slate-600 dark:text-slate-400">No rules yet.</p>
        ) : (
          <ol className="divide-y divide-slate-100 dark:divide-slate-800">
            {rules.map((rule, index) => (
              <li key={rule.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <span className="w-6 text-sm text-slate-500 tabular-nums dark:text-slate-400">
                  {rule.position}
                </span>
                <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                  <p className="text-sm">{describeRule(rule)}</p>
                  <p className="text-sm font-medium">
                    → {rule.setCategory}
                    {rule.rename ? `, renamed "${rule.rename}"` : ''}
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move rule ${rule.position} up`}
                    disabled={busy || index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    <ArrowUp size={16} aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move rule ${rule.position} down`}
                    disabled={busy || index === rules.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    <ArrowDown size={16} aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit rule ${rule.position}`}
                    onClick={() => setEditing(rule)}
                  >
                    <Pencil size={16} aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete rule ${rule.position}`}
                    disabled={busy}
                    onClick={() => void run(() => trpcClient.importRules.delete.mutate({ id: rule.id }))}
                  >
                    <Trash2 size={16} aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
