import { useMutation } from '@tanstack/react-query';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Dialog } from '~/components/ui/dialog';
import { errorMessage, trpc } from '~/lib/trpc';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { canDeleteCategory } from '@paisable/contracts/rules';

import { useInvalidateMoney } from './use-transaction-mutations';

type Kind = 'expense' | 'income';

export function ManageCategoriesDialog({
  open,
  categories,
  onClose,
}: {
  open: boolean;
  categories: Record<Kind, string[]>;
  onClose: () => void;
}) {
  const [pending, setPending] = useState<{ kind: Kind; name: string } | null>(null);
  const invalidate = useInvalidateMoney();
  const remove = useMutation(trpc.categories.delete.mutationOptions({ onSuccess: invalidate }));
  const custom = (kind: Kind) => categories[kind].filter((name) => canDeleteCategory(kind, name));
  const isEmpty = custom('expense').length === 0 && custom('income').length === 0;

  function confirm() {
    if (!pending) return;
    remove.mutate(pending, {
      onSuccess: () => {
        toast.success(`Category "${pending.name}" deleted`);
        setPending(null);
      },
      onError: (error) =>
        toast.error(errorMessage(error, 'Could not delete the category. Please try again.')),
    });
  }

  return (
    <Dialog open={open} onClose={onClose} title="Manage Categories">
      {isEmpty ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          You haven&apos;t added any custom categories yet.
        </p>
      ) : (
        <div className="space-y-5">
          {(['expense', 'income'] as const).map((kind) => (
            <section key={kind} aria-labelledby={`categories-${kind}`}>
              <h3 id={`categories-${kind}`} className="mb-2 text-sm font-semibold">
                {kind === 'expense' ? 'Expense Categories' : 'Income Categories'}
              </h3>
              {custom(kind).length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">None yet.</p>
              ) : (
                <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
                  {custom(kind).map((name) => (
                    <li key={name} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                      <span className="truncate">{name}</span>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-red-700 dark:text-red-400"
                        onClick={() => setPending({ kind, name })}
                      >
                        <Trash2 size={14} aria-hidden />
                        Delete<span className="sr-only"> {name}</span>
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Delete category"
        message={`Are you sure you want to delete the category "${pending?.name ?? ''}"? All associated transactions will be moved to "Miscellaneous".`}
        confirmLabel="Delete category"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Dialog>
  );
}
