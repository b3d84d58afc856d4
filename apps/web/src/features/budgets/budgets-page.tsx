import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { todayIn } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { BudgetFormDialog } from './budget-form-dialog';
import { BudgetsTable, type Budget } from './budgets-table';
import { useBudgetMutations } from './use-budget-mutations';

/** Spent changes whenever a transaction does, on any page: always ask the server when the page opens. */
export const budgetsQuery = () => trpc.budgets.list.queryOptions(undefined, { staleTime: 0 });

export function BudgetsPage() {
  const { data: user } = useSuspenseQuery(meQuery());
  const { data: categories } = useSuspenseQuery(trpc.categories.list.queryOptions());
  const list = useQuery(budgetsQuery());
  const [editing, setEditing] = useState<Budget | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Budget | null>(null);
  const { remove } = useBudgetMutations();
  const items = list.data ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Budgets</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            A monthly limit per expense category, with what you have spent so far.
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden />
          Add Budget
        </Button>
      </div>

      <Card aria-busy={list.isFetching}>
        {list.isPending ? (
          <p className="px-6 py-16 text-center text-slate-600 dark:text-slate-400">Loading budgets…</p>
        ) : list.isError ? (
          <p role="alert" className="px-6 py-16 text-center text-red-700 dark:text-red-400">
            Could not load your budgets. Please reload the page.
          </p>
        ) : items.length === 0 ? (
          <div className="px-6 py-16 text-center">
            <p className="font-medium">No budgets found</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Add one to see how your spending compares with your plan.
            </p>
          </div>
        ) : (
          <BudgetsTable
            items={items}
            currency={user.defaultCurrency}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </Card>

      <BudgetFormDialog
        open={editing !== null}
        budget={editing === 'new' || editing === null ? undefined : editing}
        categories={categories.expense}
        today={todayIn(user.timeZone)}
        onDone={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete budget"
        message="Are you sure you want to delete this budget?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                setDeleting(null);
                toast.success('Budget deleted');
              },
              onError: () => toast.error('Could not delete the budget. Please try again.'),
            },
          )
        }
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
