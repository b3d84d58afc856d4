import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from './button';
import { Card } from './card';
import { TitleRow } from './title-row';

type ListPageProps = {
  title: string;
  description: string;
  /** The add button's label ("Add Budget"). */
  addLabel: string;
  onAdd: () => void;
  /** More buttons, shown before the add button. */
  actions?: ReactNode;
  /** What sums up the items (totals), between the title and the list. */
  overview?: ReactNode;
  /** The list query's state. */
  list: { isPending: boolean; isError: boolean; isFetching: boolean };
  isEmpty: boolean;
  texts: { loading: string; failed: string; emptyTitle: string; emptyHint: string };
  /** The table (shown once there is something to list). */
  children: ReactNode;
};

/**
 * A page that lists the user's items of one kind with an add button: heading, then one card that says
 * it is loading, could not load, is empty, or holds the table. Budgets, recurring rules and accounts
 * share it.
 */
export function ListPage({
  title,
  description,
  addLabel,
  onAdd,
  actions,
  overview,
  list,
  isEmpty,
  texts,
  children,
}: ListPageProps) {
  return (
    <div className="space-y-6">
      <TitleRow>
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button onClick={onAdd}>
            <Plus size={16} aria-hidden />
            {addLabel}
          </Button>
        </div>
      </TitleRow>
      {overview}

      <Card aria-busy={list.isFetching}>
        {list.isPending ? (
          <p className="px-6 py-16 text-center text-slate-600 dark:text-slate-400">{texts.loading}</p>
        ) : list.isError ? (
          <p role="alert" className="px-6 py-16 text-center text-red-700 dark:text-red-400">
            {texts.failed}
          </p>
        ) : isEmpty ? (
          <div className="px-6 py-16 text-center">
            <p className="font-medium">{texts.emptyTitle}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{texts.emptyHint}</p>
          </div>
        ) : (
          children
        )}
      </Card>
    </div>
  );
}
