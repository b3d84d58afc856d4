import { Card } from '~/components/ui/card';
import { cn } from '~/lib/cn';
import { Plus } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';

import { Skeleton } from '../skeleton';

type ChartCardProps = {
  title: string;
  subtitle: string;
  /**
   * `loading`: a placeholder of the chart's size; `empty`: the empty message instead of a chart; `missing`:
   * there are amounts, but none has a rate into the display currency (`missingText` says so, no call to add).
   */
  state: 'loading' | 'empty' | 'missing' | 'ready';
  emptyText: string;
  missingText?: string;
  /** The empty state's call to action: opens the Add Transaction form. */
  onAdd: () => void;
  /** On a phone the body grows with its content (the doughnut's legend under the ring) instead of a fixed height. */
  growsOnPhone?: boolean;
  /** Beside the title: the mark of a chart whose figures were converted from other currencies. */
  mark?: ReactNode;
  children: ReactNode;
};

/**
 * One dashboard chart: title, and a body of fixed height that holds a placeholder, the empty message or
 * the chart (whose code may still be loading), so the page never jumps. An empty chart is a short note with
 * a way to add the first transaction, not a large blank box.
 */
export function ChartCard({
  title,
  subtitle,
  state,
  emptyText,
  missingText,
  onAdd,
  growsOnPhone = false,
  mark,
  children,
}: ChartCardProps) {
  const id = `chart-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card className="min-w-0 p-5" role="region" aria-labelledby={id}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {mark}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
      <div
        className={cn(
          'mt-4',
          state === 'empty' || state === 'missing' ? 'h-32' : growsOnPhone ? 'min-h-72 sm:h-72' : 'h-72',
        )}
        aria-busy={state === 'loading'}
      >
        {state === 'loading' ? (
          <Skeleton className="h-full w-full" />
        ) : state === 'missing' ? (
          <div className="flex h-full flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-amber-300 px-4 text-center dark:border-amber-800">
            <p className="font-medium text-amber-900 dark:text-amber-200">Rate missing</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{missingText}</p>
          </div>
        ) : state === 'empty' ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 text-center dark:border-slate-700">
            <p className="text-slate-600 dark:text-slate-400">{emptyText}</p>
            <button
              type="button"
              onClick={onAdd}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              <Plus size={16} aria-hidden />
              Add a transaction
            </button>
          </div>
        ) : (
          <Suspense fallback={<Skeleton className="h-full w-full" />}>{children}</Suspense>
        )}
      </div>
    </Card>
  );
}
