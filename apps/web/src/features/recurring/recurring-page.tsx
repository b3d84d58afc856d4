import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { todayIn } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { Plus } from 'lucide-react';
import { useState } from 'react';

import { DeleteRecurringDialog } from './delete-recurring-dialog';
import { RecurringFormDialog } from './recurring-form-dialog';
import { RecurringTable, type RecurringRule } from './recurring-table';

/** The job moves next due dates forward in the background: always ask the server when the page opens. */
export const recurringQuery = () => trpc.recurring.list.queryOptions(undefined, { staleTime: 0 });

export function RecurringPage() {
  const { data: user } = useSuspenseQuery(meQuery());
  const { data: categories } = useSuspenseQuery(trpc.categories.list.queryOptions());
  const list = useQuery(recurringQuery());
  const [editing, setEditing] = useState<RecurringRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RecurringRule | null>(null);
  const items = list.data ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Recurring Transactions</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Salaries, rent and subscriptions, recorded for you on their due dates.
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden />
          Add Recurring Transaction
        </Button>
      </div>

      <Card aria-busy={list.isFetching}>
        {list.isPending ? (
          <p className="px-6 py-16 text-center text-slate-600 dark:text-slate-400">
            Loading recurring transactions…
          </p>
        ) : list.isError ? (
          <p role="alert" className="px-6 py-16 text-center text-red-700 dark:text-red-400">
            Could not load your recurring transactions. Please reload the page.
          </p>
        ) : items.length === 0 ? (
          <div className="px-6 py-16 text-center">
            <p className="font-medium">No recurring transactions</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Add your rent, salary or subscriptions once, and they are recorded on every due date.
            </p>
          </div>
        ) : (
          <RecurringTable
            items={items}
            currency={user.defaultCurrency}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </Card>

      <RecurringFormDialog
        open={editing !== null}
        rule={editing === 'new' || editing === null ? undefined : editing}
        categories={categories}
        today={todayIn(user.timeZone)}
        onDone={() => setEditing(null)}
      />
      <DeleteRecurringDialog rule={deleting} onDone={() => setDeleting(null)} />
    </div>
  );
}
