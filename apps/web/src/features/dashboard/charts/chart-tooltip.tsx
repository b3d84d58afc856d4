import type { ReactNode } from 'react';

/**
 * The box every chart tooltip uses, styled like the page's cards in either theme. nivo centres a tooltip
 * above the pointer; `across` (0 at the chart's left end, 1 at its right) slides the box so that near an
 * edge it opens towards the middle instead of off the screen.
 */
export function ChartTooltip({
  title,
  across = 0.5,
  children,
}: {
  title: string;
  across?: number;
  children: ReactNode;
}) {
  return (
    <div
      className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-md dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
      style={{ transform: `translateX(${(0.5 - across) * 100}%)` }}
    >
      <p className="font-semibold whitespace-nowrap">{title}</p>
      <div className="mt-1 space-y-0.5">{children}</div>
    </div>
  );
}

export function TooltipRow({ color, label, value }: { color: string; label: string; value: string }) {
  return (
    <p className="flex items-center gap-2 whitespace-nowrap">
      <span className="inline-block size-2.5 rounded-full" style={{ backgroundColor: color }} aria-hidden />
      <span className="text-slate-600 dark:text-slate-300">{label}</span>
      <span className="ml-auto pl-3 font-medium tabular-nums">{value}</span>
    </p>
  );
}
