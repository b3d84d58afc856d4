import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { PendingTotalsNote } from '~/components/pending-totals-note';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { ListPage } from '~/components/ui/list-page';
import { todayIn } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { useState } from 'react';
import { toast } from 'sonner';

import { BudgetFormDialog } from './budget-form-dialog';
import { BudgetMonthView } from './budget-month-view';
import { BudgetsTable, type Budget } from './budgets-table';
import { shownMonth, type BudgetMonthSearch, type ShownMonth } from './month';
import { useBudgetMutations } from './use-budget-mutations';

/** Spent changes whenever a transaction does, on any page: always ask the server when the page opens. */
export const budgetsQuery = () => trpc.budgets.list.queryOptions(undefined, { staleTime: 0 });

/**
 * The budget month (navigator, totals, each budget with its carry-over and what is left, spending without
 * a budget) above the list of every budget with add, edit and delete.
 */
export function BudgetsPage({
  search,
  onMonthChange,
}: {
  search: BudgetMonthSearch;
  onMonthChange: (month: ShownMonth) => void;
}) {
  const { data: user } = useSuspenseQuery(meQuery());
  const today = todayIn(user.timeZone);
  const month = shownMonth(search, today);
  const { data: categories } = useSuspenseQuery(trpc.categories.list.queryOptions());
  const list = useQuery(budgetsQuery());
  const [editing, setEditing] = useState<Budget | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Budget | null>(null);
  const { remove } = useBudgetMutations();
  const items = list.data ?? [];

  return (
    <>
      <ListPage
        title="Budgets"
        description="A monthly limit per expense category, with what you have spent so far."
        addLabel="Add Budget"
        onAdd={() => setEditing('new')}
        overview={
          <>
            <PendingTotalsNote what="Amounts spent" />
            <BudgetMonthView month={month} currency={user.defaultCurrency} onMonthChange={onMonthChange} />
          </>
        }
        list={list}
        isEmpty={items.length === 0}
        texts={{
          loading: 'Loading budgets…',
          failed: 'Could not load your budgets. Please reload the page.',
          emptyTitle: 'No budgets found',
          emptyHint: 'Add one to see how your spending compares with your plan.',
        }}
      >
        <BudgetsTable
          items={items}
          currency={user.defaultCurrency}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </ListPage>
      <BudgetFormDialog
        open={editing !== null}
        budget={editing === 'new' || editing === null ? undefined : editing}
        categories={categories.expense}
        today={today}
        month={month}
        currency={user.defaultCurrency}
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
    </>
  );
}
