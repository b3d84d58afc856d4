import { calendarDayOf, isCalendarDate } from '../dates';
import { MESSAGES } from '../messages';
import { parseAmountToCents } from '../money';

export type DateFormat = 'ymd' | 'dmy' | 'mdy';

/** A signed amount in cents, or why the text is not one. */
export type AmountResult = { ok: true; cents: number; negative: boolean } | { ok: false; message: string };

/**
 * A bank's amount text: currency signs and spaces are ignored, `(12.50)` and a leading or trailing minus
 * are negative, thousands separators are dropped (`1,234.56`, or `1.234,56` with a decimal comma).
 */
export function parseBankAmount(text: string, decimalComma = false): AmountResult {
  let value = text.trim();
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value !== '' && !/\d/.test(value)) return { ok: false, message: MESSAGES.amountNotANumber };
  value = value.replace(/[^\d.,+-]/g, '');
  if (value.startsWith('-') || value.endsWith('-')) {
    negative = !negative;
    value = value.replace(/^-|-$/g, '');
  }
  value = value.replace(/^\+/, '');
  value = decimalComma ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  const result = parseAmountToCents(value);
  return result.ok ? { ok: true, cents: result.cents, negative } : result;
}

const NUMERIC_DATE = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})$/;

/** The calendar day a bank wrote, in the given order; null when it is not a real day. */
export function parseBankDate(text: string, format: DateFormat): string | null {
  const value = text.trim();
  const iso = calendarDayOf(value);
  if (iso) return iso;
  const match = NUMERIC_DATE.exec(value.split(/[ T]/)[0] ?? '');
  if (!match) return null;
  const [a, b, c] = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
  const [year, month, day] = format === 'ymd' ? [a, b, c] : format === 'dmy' ? [c, b, a] : [c, a, b];
  const fullYear = year.length === 2 ? `20${year}` : year;
  const day10 = `${fullYear.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(day10) ? day10 : null;
}

/**
 * The order of day and month in a file's dates: year first is unambiguous; otherwise a first part above
 * 12 means day/month and a second part above 12 month/day. Null when no date decides it (all ≤ 12).
 */
export function detectDateFormat(values: readonly string[]): DateFormat | null {
  let dmy = false;
  let mdy = false;
  let ymd = false;
  for (const value of values) {
    const match = NUMERIC_DATE.exec(value.trim().split(/[ T]/)[0] ?? '');
    if (!match) continue;
    if ((match[1] ?? '').length === 4) ymd = true;
    else if (Number(match[1]) > 12) dmy = true;
    else if (Number(match[2]) > 12) mdy = true;
  }
  if (dmy && !mdy) return 'dmy';
  if (mdy && !dmy) return 'mdy';
  if (ymd && !dmy && !mdy) return 'ymd';
  return null;
}

const INCOME_WORDS = new Set(['income', 'credit', 'cr', 'in', 'deposit']);
const EXPENSE_WORDS = new Set(['expense', 'debit', 'dr', 'out', 'withdrawal', 'payment']);

/** A type column's word as isIncome; undefined when the word means neither. */
export function parseType(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (INCOME_WORDS.has(word)) return true;
  if (EXPENSE_WORDS.has(word)) return false;
  return undefined;
}

/** The export prefixes cells a spreadsheet would run as a formula with `'`; reading them back drops it. */
export function unescapeFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
