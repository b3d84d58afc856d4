/** What a spreadsheet would run as a formula when a cell starts with it (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One RFC 4180 field. A cell that a spreadsheet would evaluate gets a leading `'` (OWASP's advice):
 * the export must never run what a user typed into a transaction name. Then fields with a comma,
 * quote, CR or LF are quoted, inner quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, CRLF-terminated as RFC 4180 asks (Excel included). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The spec's six columns first, as the original export wrote them; then the row's tags, space-separated;
 * then, on the lines of a split row (one record each), the row's id.
 */
export const TRANSACTION_CSV_HEADER = [
  'date',
  'name',
  'category',
  'type',
  'amount',
  'note',
  'tags',
  'split_of',
] as const;
