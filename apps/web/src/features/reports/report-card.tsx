import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { DataTable, type Column } from '~/components/ui/data-table';
import { cn } from '~/lib/cn';
import { Download, Image } from 'lucide-react';
import { Suspense, useDeferredValue, useId, useRef, type ReactNode } from 'react';

import { Skeleton } from '../dashboard/skeleton';
import { downloadCsv, downloadSvg } from './download';

type ReportCardProps<Row> = {
  title: string;
  /** Beside the title: the mark of a report converted from other currencies (its rates on hover). */
  mark?: ReactNode;
  subtitle: string;
  /** `loading`: a placeholder of the chart's size; `empty`: `emptyText` instead of a chart and a table. */
  state: 'loading' | 'empty' | 'ready';
  emptyText: string;
  /** Controls of this report only (the category of the trend). */
  controls?: ReactNode;
  /** The chart, drawn once its code has loaded; none for a report that is a table only. */
  chart?: ReactNode;
  /**
   * The page's first chart: drawn as soon as it can be. The others are drawn after it, in the background,
   * so the charts' first render (seconds on a slow phone) does not hold back the one on screen.
   */
  priority?: boolean;
  /** The figures as a table: what a screen reader and a keyboard use, and what the CSV holds. */
  table: {
    label: string;
    rows: readonly Row[];
    rowKey: (row: Row) => string;
    columns: readonly Column<Row>[];
  };
  /** The CSV's rows (a header row first), as plain decimals. */
  csv: () => (string | number)[][];
  /** The downloaded files' name without extension: `paisable-net-worth-2025-01-01-2025-12-31`. */
  fileName: string;
};

const CHART_PLACEHOLDER = <Skeleton className="h-full w-full" />;

/**
 * One report: title, its own controls, the chart (its code may still be loading) with the same figures
 * as a table under it, and downloads of the table as CSV and of the chart as an SVG image. The chart is
 * an image with a name; the table is the way a screen reader or a keyboard reads and follows it.
 */
export function ReportCard<Row>({
  title,
  mark,
  subtitle,
  state,
  emptyText,
  controls,
  chart,
  priority = false,
  table,
  csv,
  fileName,
}: ReportCardProps<Row>) {
  const id = useId();
  const drawn = useDeferredValue(chart, priority ? chart : CHART_PLACEHOLDER);
  const chartRef = useRef<HTMLDivElement>(null);
  return (
    <Card className="min-w-0 p-5" role="region" aria-labelledby={id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={id} className="text-lg font-semibold">
              {title}
            </h2>
            {mark}
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
        </div>
        {state === 'ready' ? (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => downloadCsv(`${fileName}.csv`, csv())}>
              <Download size={14} aria-hidden />
              CSV<span className="sr-only"> of {title}</span>
            </Button>
            {chart ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => downloadSvg(`${fileName}.svg`, chartRef.current)}
              >
                <Image size={14} aria-hidden />
                Image<span className="sr-only"> of {title}</span>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {controls ? <div className="mt-3">{controls}</div> : null}
      {state === 'loading' ? (
        <Skeleton className="mt-4 h-64 w-full" />
      ) : state === 'empty' ? (
        <p className="mt-4 flex h-24 items-center justify-center rounded-xl border border-dashed border-slate-300 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {emptyText}
        </p>
      ) : (
        <>
          {chart ? (
            <div ref={chartRef} className={cn('mt-4 h-64')}>
              <Suspense fallback={CHART_PLACEHOLDER}>{drawn}</Suspense>
            </div>
          ) : null}
          {chart ? (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer rounded font-medium text-brand-700 dark:text-brand-300">
                Show the figures as a table
              </summary>
              <div className="mt-2">
                <DataTable {...table} />
              </div>
            </details>
          ) : (
            <div className="mt-4">
              <DataTable {...table} />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
