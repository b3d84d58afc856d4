import { cn } from '~/lib/cn';
import { conversionText, isUnknownFigure } from '~/lib/conversion-text';
import { formatMoneyTotal } from '~/lib/format';
import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

import type { CentsTotal, Conversion } from '@paisable/contracts';

const NOTE_WIDTH = 288;

/** Where the note goes: under the mark, inside the viewport. */
function notePlace(mark: HTMLElement): CSSProperties {
  const box = mark.getBoundingClientRect();
  const width = Math.min(NOTE_WIDTH, window.innerWidth * 0.8);
  return {
    position: 'fixed',
    top: box.bottom + 4,
    left: Math.max(4, Math.min(box.left, window.innerWidth - width - 4)),
  };
}

/**
 * The mark beside a figure converted from other currencies: "≈" (or "rate missing" when some amounts had
 * none and were left out), saying on hover, focus or tap which rates and days it used. The note is placed
 * against the viewport (fixed, under the mark) so a table's scrolling box does not clip it, and follows
 * the mark while the page or a table scrolls (a phone scrolls with the note open).
 */
export function ConvertedMark({
  conversion,
  currency,
  className,
  budgetAmount = false,
}: {
  conversion: Conversion | undefined;
  currency: string;
  className?: string;
  /** The mark of a budget's amount set in another currency (its note says so). */
  budgetAmount?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  const anchor = useRef<HTMLSpanElement>(null);
  const id = useId();
  const shown = open || hovered || focused;

  // Placed before it paints, and again on every scroll (of the page or any box around the mark, hence the
  // capture) and resize while it shows; nothing listens while it is hidden.
  useLayoutEffect(() => {
    const mark = anchor.current;
    if (!shown || !mark) return;
    const follow = () => setPlace(notePlace(mark));
    follow();
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
    };
  }, [shown]);

  if (!conversion) return null;
  const missing = conversion.missing.length > 0;
  return (
    <span
      ref={anchor}
      className={cn('relative inline-flex align-middle', className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <button
        type="button"
        aria-describedby={id}
        aria-expanded={shown}
        // A tap opens the note until the next tap, which closes it even though a phone's tap also counts as
        // hover and focus.
        onClick={() => {
          if (!open) return setOpen(true);
          setOpen(false);
          setHovered(false);
          setFocused(false);
        }}
        // Escape hides the note until the pointer or focus comes back (a note must be dismissible).
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !shown) return;
          event.stopPropagation();
          setOpen(false);
          setHovered(false);
          setFocused(false);
        }}
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
          shown ? 'block' : 'hidden',
        )}
      >
        {conversionText(conversion, currency, budgetAmount).map((line) => (
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
 * A total in its currency, or the dash of a figure that is not known (every amount in it lacked a rate),
 * so a zero that only means "no rate" never reads as a real one. `unknown` decides for a figure made from
 * another one (what is left of a budget whose spending is not known).
 */
export function TotalFigure({
  cents,
  conversion,
  currency,
  unknown = isUnknownFigure(cents, conversion),
}: {
  cents: CentsTotal;
  conversion: Conversion | undefined;
  currency: string;
  unknown?: boolean;
}) {
  return unknown ? <UnknownFigure /> : formatMoneyTotal(cents, currency);
}

/**
 * A table cell's figure (or label) with its mark when it was converted: the mark before a money figure (a
 * right-aligned column keeps the figures lined up), after a label. Just the figure when nothing was.
 */
export function WithMark({
  children,
  conversion,
  currency,
  markFirst = false,
  budgetAmount = false,
}: {
  children: ReactNode;
  conversion: Conversion | undefined;
  currency: string;
  markFirst?: boolean;
  budgetAmount?: boolean;
}) {
  if (!conversion) return <>{children}</>;
  const mark = <ConvertedMark conversion={conversion} currency={currency} budgetAmount={budgetAmount} />;
  return (
    <span className={cn('inline-flex items-center gap-1', markFirst && 'justify-end')}>
      {markFirst && mark}
      {children}
      {!markFirst && mark}
    </span>
  );
}

/** A figure with its mark when it was converted (before it: right-aligned columns line up), a dash when not known. */
export function MarkedTotal({
  cents,
  conversion,
  currency,
  budgetAmount = false,
}: {
  cents: CentsTotal;
  conversion: Conversion | undefined;
  currency: string;
  budgetAmount?: boolean;
}) {
  return (
    <WithMark conversion={conversion} currency={currency} markFirst budgetAmount={budgetAmount}>
      <TotalFigure cents={cents} conversion={conversion} currency={currency} />
    </WithMark>
  );
}
