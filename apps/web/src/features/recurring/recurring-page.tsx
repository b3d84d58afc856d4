import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { ListPage } from '~/components/ui/list-page';
import { todayIn } from '~/lib/format';
import { meQuery } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { useState } from 'react';

import { DeleteRecurringDialog } from './delete-recurring-dialog';
import { NextOccurrenceDialog, type OccurrenceAction } from './next-occurrence-dialog';
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
  const [occurrence, setOccurrence] = useState<OccurrenceAction | null>(null);
  const items = list.data ?? [];

  return (
    <>
      <ListPage
        title="Recurring Transactions"
        description="Salaries, rent and subscriptions, recorded for you on their due dates."
        addLabel="Add Recurring Transaction"
        onAdd={() => setEditing('new')}
        list={list}
        isEmpty={items.length === 0}
        texts={{
          loading: 'Loading recurring transactions…',
          failed: 'Could not load your recurring transactions. Please reload the page.',
          emptyTitle: 'No recurring transactions',
          emptyHint: 'Add your rent, salary or subscriptions once, and they are recorded on every due date.',
        }}
      >
        <RecurringTable
          items={items}
          currency={user.defaultCurrency}
          onEdit={setEditing}
          onDelete={setDeleting}
          onSkip={(rule) => setOccurrence({ kind: 'skip', rule })}
          onRecordNow={(rule) => setOccurrence({ kind: 'record', rule })}
        />
      </ListPage>
      <RecurringFormDialog
        open={editing !== null}
        rule={editing === 'new' || editing === null ? undefined : editing}
        categories={categories}
        today={todayIn(user.timeZone)}
        onDone={() => setEditing(null)}
      />
      <DeleteRecurringDialog rule={deleting} onDone={() => setDeleting(null)} />
      <NextOccurrenceDialog
        action={occurrence}
        today={todayIn(user.timeZone)}
        currency={user.defaultCurrency}
        onDone={() => setOccurrence(null)}
      />
    </>
  );
}
