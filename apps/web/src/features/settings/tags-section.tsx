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
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { TAG_NAME_MAX_LENGTH, tagKey } from '@paisable/contracts/rules';

type Tag = RouterOutputs['tags']['list'][number];

/** After a rename, merge or delete every view of transactions shows the tags as they are now. */
function useRefreshTags() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.tags.pathFilter()),
      queryClient.invalidateQueries(trpc.transactions.pathFilter()),
    ]);
}

/**
 * The user's tags with how many transactions carry each: rename one everywhere (to another tag's name:
 * the two merge), or delete it from every transaction.
 */
export function TagsSection() {
  const tags = useQuery(trpc.tags.list.queryOptions());
  const refresh = useRefreshTags();
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const remove = useMutation(
    trpc.tags.delete.mutationOptions({
      onSuccess: () => {
        toast.success(`Tag “${deleting?.name ?? ''}” deleted`);
        setDeleting(null);
        void refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not delete the tag.')),
    }),
  );

  if (tags.isPending) return <Spinner label="Loading your tags" />;
  if (tags.isError) return <ErrorBox>Could not load your tags. Please reload the page.</ErrorBox>;
  if (tags.data.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        No tags yet. Give a transaction tags in its form, or write #holiday-2026 in its note.
      </p>
    );

  const actions = (tag: Tag) => (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Rename tag ${tag.name}`}
        onClick={() => setRenaming(tag)}
      >
        <Pencil size={14} aria-hidden />
        <span className="max-sm:sr-only">Rename</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Delete tag ${tag.name}`}
        onClick={() => setDeleting(tag)}
      >
        <Trash2 size={14} aria-hidden />
        <span className="max-sm:sr-only">Delete</span>
      </Button>
    </div>
  );
  const uses = (tag: Tag) => (tag.count === 1 ? '1 transaction' : `${tag.count} transactions`);
  const columns: Column<Tag>[] = [
    { key: 'name', header: 'Tag', cell: (tag) => tag.name, cellClassName: 'font-medium break-all' },
    { key: 'count', header: 'Used on', cell: uses },
    { key: 'actions', header: <span className="sr-only">Actions</span>, cell: actions, align: 'right' },
  ];

  return (
    <div className="space-y-3">
      <DataTable
        label="Your tags"
        rows={tags.data}
        rowKey={(tag) => tag.id}
        columns={columns}
        card={(tag) => (
          <div className="flex items-center justify-between gap-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium break-words">{tag.name}</p>
              <p className="text-slate-600 dark:text-slate-400">{uses(tag)}</p>
            </div>
            {actions(tag)}
          </div>
        )}
      />
      {renaming ? (
        <RenameTagDialog
          tag={renaming}
          others={tags.data.filter((tag) => tag.id !== renaming.id)}
          onDone={() => setRenaming(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this tag?"
        message={`“${deleting?.name ?? ''}” comes off ${deleting ? uses(deleting) : ''}; the transactions stay.`}
        confirmLabel="Delete tag"
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function RenameTagDialog({ tag, others, onDone }: { tag: Tag; others: Tag[]; onDone: () => void }) {
  const refresh = useRefreshTags();
  const rename = useMutation(trpc.tags.rename.mutationOptions());
  const form = useContractForm<{ name: string }>({
    initial: { name: tag.name },
    check: (schemas, draft) =>
      firstProblem(schemas.renameTagInput, { id: tag.id, name: draft.name }, ['name']),
    failed: 'Could not rename the tag. Please try again.',
    save: async (draft) => {
      const kept = await rename.mutateAsync({ id: tag.id, name: draft.name });
      toast.success(mergesWith ? `Merged into “${kept.name}”` : `Renamed to “${kept.name}”`);
      await refresh();
      onDone();
    },
  });
  const typed = tagKey(form.draft.name.replace(/^#/, '').trim());
  const mergesWith = others.find((other) => tagKey(other.name) === typed);
  return (
    <FormDialog
      title={`Rename “${tag.name}”`}
      problem={form.problem}
      onSubmit={() => void form.submit()}
      onCancel={onDone}
      isSaving={form.isSaving}
      submitLabel={mergesWith ? 'Merge tags' : 'Rename'}
    >
      <Field
        label="New name"
        hint={
          mergesWith
            ? `“${mergesWith.name}” exists: the two tags merge, and its ${mergesWith.count} and these ${tag.count} transactions carry one tag.`
            : 'Every transaction with this tag shows the new name.'
        }
      >
        {(id) => (
          <Input id={id} maxLength={TAG_NAME_MAX_LENGTH + 1} autoComplete="off" {...form.text('name')} />
        )}
      </Field>
    </FormDialog>
  );
}
