import type { Conversion } from '@paisable/contracts';

/**
 * The report with the currency of its figures and its note: said when something was converted or when the
 * figures are in another currency than the display one (one account's own); a report of a user whose money
 * is all in the display currency is the answer it always was.
 */
export function withCurrency<Report extends object>(
  report: Report,
  { shownIn, display }: { shownIn: string | undefined; display: string | undefined },
  conversion: Conversion | undefined,
): Report & { currency?: string; conversion?: Conversion } {
  const said = shownIn !== undefined && (conversion !== undefined || shownIn !== display);
  return {
    ...report,
    ...(said ? { currency: shownIn } : {}),
    ...(conversion ? { conversion } : {}),
  };
}
