import { MESSAGES } from '../messages';

/** 999,999,999,999.99 in cents: far below 2^53, so a cent count is always an exact JS number. */
export const MAX_AMOUNT_CENTS = 99_999_999_999_999;

/** The smallest amount step a form takes: one cent, whatever the display currency (amounts are cents). */
export const AMOUNT_STEP = '0.01';

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

export type CentsResult = { ok: true; cents: number } | { ok: false; message: string };

/**
 * Reads a positive amount of money into integer cents without float arithmetic: the number is taken by
 * its shortest decimal spelling (what JSON carried), so 0.1 is exactly 10 cents and 0.30000000000000004
 * is refused for its extra decimals instead of being silently rounded.
 */
export function parseAmountToCents(value: unknown): CentsResult {
  if (value === undefined || value === null || value === '') return fail(MESSAGES.amountRequired);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail(MESSAGES.amountNotANumber);
    if (value <= 0) return fail(MESSAGES.amountNotPositive);
    // Exponent spellings only occur below 1e-6 (too many decimals) or from 1e21 (too large).
    const text = String(value);
    if (text.includes('e')) return fail(value < 1 ? MESSAGES.amountDecimals : MESSAGES.amountTooLarge);
    return parseDecimal(text);
  }
  if (typeof value !== 'string') return fail(MESSAGES.amountNotANumber);
  const text = value.trim();
  if (/^-\s*\d*\.?\d+$/.test(text)) return fail(MESSAGES.amountNotPositive);
  return parseDecimal(text);
}

/**
 * A balance: like parseAmountToCents, but zero and negative amounts are amounts too ("-250.00" owed on a
 * card). The sign is read from the text, the magnitude by the same exact rules.
 */
export function parseSignedAmountToCents(value: unknown): CentsResult {
  if (typeof value === 'number' && (value === 0 || Object.is(value, -0))) return { ok: true, cents: 0 };
  if (typeof value === 'number' && value < 0) return negated(parseAmountToCents(-value));
  if (typeof value !== 'string') return parseAmountToCents(value);
  const text = value.trim();
  const negative = text.startsWith('-');
  const magnitude = negative ? text.slice(1).trim() : text;
  if (/^0*\.?0*$/.test(magnitude) && /\d/.test(magnitude)) return { ok: true, cents: 0 };
  return negative ? negated(parseAmountToCents(magnitude)) : parseAmountToCents(magnitude);
}

function negated(result: CentsResult): CentsResult {
  return result.ok ? { ok: true, cents: -result.cents } : result;
}

function parseDecimal(text: string): CentsResult {
  const match = DECIMAL.exec(text);
  const whole = match?.[1] ?? '';
  // Trailing zeros add no precision: "12.500" is the same amount as "12.50".
  const fraction = (match?.[2] ?? '').replace(/0+$/, '');
  if (!match || (whole === '' && (match[2] ?? '') === '')) return fail(MESSAGES.amountNotANumber);
  if (fraction.length > 2) return fail(MESSAGES.amountDecimals);
  const wholeDigits = whole.replace(/^0+/, '');
  if (wholeDigits.length > 12) return fail(MESSAGES.amountTooLarge);
  const cents = Number(wholeDigits || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents <= 0) return fail(MESSAGES.amountNotPositive);
  if (cents > MAX_AMOUNT_CENTS) return fail(MESSAGES.amountTooLarge);
  return { ok: true, cents };
}

function fail(message: string): CentsResult {
  return { ok: false, message };
}

/** Cents as a decimal string with exactly 2 decimals ("12.50", "-0.05"), built from integers only. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const rest = magnitude - whole * 100;
  return `${sign}${whole}.${String(rest).padStart(2, '0')}`;
}

/**
 * Cents as the JSON number the wire carries (1250 → 12.5). Dividing two exact integers rounds once, to
 * the double nearest the true decimal: the same number that parsing "12.50" gives.
 */
export function centsToNumber(cents: number): number {
  return cents / 100;
}

/**
 * A sum of cents that may pass 2^53 (the total of many transactions, which SQL sums exactly), as decimal
 * integer text: "9007199254740993", "-12". A single amount stays a number (MAX_AMOUNT_CENTS is far below
 * 2^53); a sum becomes a double off by a cent once past it, so sums are kept as text and added with
 * BigInt.
 */
export type CentsTotal = `${bigint}`;

/** The canonical spelling only (no "+", leading zeros or "-0"), so that equal totals are equal strings. */
const CENTS_TOTAL = /^(?:0|-?[1-9]\d*)$/;

export function isCentsTotal(value: unknown): value is CentsTotal {
  return typeof value === 'string' && CENTS_TOTAL.test(value);
}

/** An integer count of cents (a bigint, or a safe integer number) as a total. */
export function toCentsTotal(cents: bigint | number): CentsTotal {
  // BigInt() refuses a fractional number rather than rounding it.
  return `${BigInt(cents)}`;
}

export function addCentsTotals(a: CentsTotal, b: CentsTotal): CentsTotal {
  return `${BigInt(a) + BigInt(b)}`;
}

export function subtractCentsTotals(a: CentsTotal, b: CentsTotal): CentsTotal {
  return `${BigInt(a) - BigInt(b)}`;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compareCentsTotals(a: CentsTotal, b: CentsTotal): -1 | 0 | 1 {
  const difference = BigInt(a) - BigInt(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** A total as a decimal string with exactly 2 decimals, like `formatCents` but exact at any size. */
export function formatCentsTotal(total: CentsTotal): string {
  const cents = BigInt(total);
  const magnitude = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/**
 * A total as the nearest JS number of its decimal amount (1250 → 12.5): for drawing a chart, which cannot
 * show more precision. Text shown to the user is formatted from the total itself (`formatCentsTotal`).
 */
export function centsTotalToNumber(total: CentsTotal): number {
  return Number(formatCentsTotal(total));
}
