import { cn } from '~/lib/cn';
import { conversionText, type ConversionBasis } from '~/lib/conversion-text';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';

import type { Conversion } from '@paisable/contracts';

/**
 * The mark beside a figure converted from other currencies: "≈" (or "rate missing" when some amounts had
 * none and were left out), saying on hover, focus or tap which rates and days it used. The note is placed
 * against the viewport (fixed, under the mark) so a table's scrolling box does not clip it.
 */
export function ConvertedMark({
  conversion,
  currency,
  basis = 'day',
  className,
}: {
  conversion: Conversion | undefined;
  currency: string;
  /** Day sums at their day's rate (the default), or month sums at their month's last rate. */
  basis?: ConversionBasis;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  const id = useId();
  if (!conversion) return null;
  const missing = conversion.missing.length > 0;
  const placeNote = (mark: HTMLElement) => {
    const box = mark.getBoundingClientRect();
    const width = Math.min(288, window.innerWidth * 0.8);
    setPlace({
      position: 'fixed',
      top: box.bottom + 4,
      left: Math.max(4, Math.min(box.left, window.innerWidth - width - 4)),
    });
  };
  return (
    <span
      className={cn('group relative inline-flex align-middle', className)}
      onMouseEnter={(event) => placeNote(event.currentTarget)}
      onFocus={(event) => placeNote(event.currentTarget)}
    >
      <button
        type="button"
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
        className={cn(
          'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
          missing
            ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
            : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
        )}
      >
        {missing ? '≈ rate missing' : '≈ converted'}
      </button>
      <span
        role="tooltip"
        id={id}
        style={place}
        className={cn(
          'absolute top-full left-0 z-20 mt-1 w-72 text-left whitespace-normal max-w-[80vw] space-y-1 rounded-md bg-slate-900 p-2 text-xs font-normal text-white shadow-lg dark:bg-slate-100 dark:text-slate-900',
          open ? 'block' : 'hidden group-focus-within:block group-hover:block',
        )}
      >
        {conversionText(conversion, currency, basis).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </span>
    </span>
  );
}

/**
 * In place of a figure that is not known (`isUnknownFigure`: every amount in it lacked a rate): a dash, read
 * out as what it means. The figure's "≈ rate missing" mark says which currencies and days.
 */
export function UnknownFigure() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not known: no exchange rate</span>
    </>
  );
}

/**
 * A table cell's figure (or label) with its mark when it was converted: the mark before a money figure (a
 * right-aligned column keeps the figures lined up), after a label. Just the figure when nothing was.
 */
export function WithMark({
  children,
  conversion,
  currency,
  basis,
  markFirst = false,
}: {
  children: ReactNode;
  conversion: Conversion | undefined;
  currency: string;
  basis?: ConversionBasis;
  markFirst?: boolean;
}) {
  if (!conversion) return <>{children}</>;
  const mark = <ConvertedMark conversion={conversion} currency={currency} basis={basis} />;
  return (
    <span className={cn('inline-flex items-center gap-1', markFirst && 'justify-end')}>
      {markFirst && mark}
      {children}
      {!markFirst && mark}
    </span>
  );
}
