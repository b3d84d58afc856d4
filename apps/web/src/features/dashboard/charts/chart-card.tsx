import { Card } from '~/components/ui/card';
import { Suspense, type ReactNode } from 'react';

import { Skeleton } from '../skeleton';

type ChartCardProps = {
  title: string;
  subtitle: string;
  /** `loading`: a placeholder of the chart's size; `empty`: the empty message instead of a chart. */
  state: 'loading' | 'empty' | 'ready';
  emptyText: string;
  children: ReactNode;
};

/**
 * One dashboard chart: title, and a body of fixed height that holds a placeholder, the empty message or
 * the chart (whose code may still be loading), so the page never jumps.
 */
export function ChartCard({ title, subtitle, state, emptyText, children }: ChartCardProps) {
  const id = `chart-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card className="min-w-0 p-5" role="region" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
      <div className="mt-4 h-72" aria-busy={state === 'loading'}>
        {state === 'loading' ? (
          <Skeleton className="h-full w-full" />
        ) : state === 'empty' ? (
          <p className="flex h-full items-center justify-center text-center text-slate-600 dark:text-slate-400">
            {emptyText}
          </p>
        ) : (
          <Suspense fallback={<Skeleton className="h-full w-full" />}>{children}</Suspense>
        )}
      </div>
    </Card>
  );
}
