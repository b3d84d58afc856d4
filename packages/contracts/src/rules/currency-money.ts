import {
  findIsoCurrency,
  MAX_MINOR_UNIT,
  minorUnitOf,
  RETIRED_CURRENCIES,
  type IsoCurrency,
} from '../currency-catalogue';
import { MESSAGES } from '../messages';

/** Whole units of any amount: 999,999,999,999 (12 digits), as for cents; the minor unit adds the rest. */
const MAX_WHOLE_DIGITS = 12;
const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

export type MinorResult = { ok: true; minor: number } | { ok: false; message: string };

/** What the user is told for a code that is not (or no longer) a currency. */
export function unknownCurrencyMessage(code: string): string {
  const replacement = RETIRED_CURRENCIES[code];
  if (replacement) return `${code} is no longer in use (replaced by ${replacement}). Choose ${replacement}.`;
  return `${code === '' ? 'That' : `"${code}"`} is not a currency code: use one of ISO 4217, like USD, EUR or JPY.`;
}

/** "Amounts in Japanese Yen (JPY) are whole numbers, with no decimals." */
export function currencyDecimalsMessage(currency: Pick<IsoCurrency, 'code' | 'name' | 'minorUnit'>): string {
  const named = `${currency.name} (${currency.code})`;
  if (currency.minorUnit === 0) return `Amounts in ${named} are whole numbers, with no decimals.`;
  return `Amounts in ${named} can have at most ${currency.minorUnit} decimal places.`;
}

/**
 * A positive amount of the given currency as an integer of its minor unit (cents, yen, fils), read from
 * its decimal spelling without float arithmetic: "1500" JPY is 1500, "12.5" JPY is refused, "1.234" BHD
 * is 1234, "12.345" USD is refused. Trailing zeros add no precision ("12.50" USD, "1500.00" JPY pass).
 */
export function parseAmountInCurrency(value: unknown, code: string): MinorResult {
  const currency = findIsoCurrency(code);
  if (!currency) return fail(unknownCurrencyMessage(code));
  const text = decimalText(value);
  if (!text.ok) return text;
  const match = DECIMAL.exec(text.text);
  const whole = (match?.[1] ?? '').replace(/^0+/, '');
  const fraction = (match?.[2] ?? '').replace(/0+$/, '');
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return fail(MESSAGES.amountNotANumber);
  if (fraction.length > currency.minorUnit) return fail(currencyDecimalsMessage(currency));
  if (whole.length > MAX_WHOLE_DIGITS) return fail(MESSAGES.amountTooLarge);
  const minor = Number(`${whole || '0'}${fraction.padEnd(currency.minorUnit, '0')}`);
  if (minor <= 0) return fail(MESSAGES.amountNotPositive);
  return { ok: true, minor };
}

/**
 * An amount checked for everything but its currency's decimals, as canonical decimal text ("12.5",
 * "1500"): what a form sends before the server knows the account, and so the currency, it goes to.
 */
export function readDecimalAmount(
  value: unknown,
): { ok: true; text: string } | { ok: false; message: string } {
  const text = decimalText(value);
  if (!text.ok) return text;
  const match = DECIMAL.exec(text.text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return fail(MESSAGES.amountNotANumber);
  const whole = (match[1] ?? '').replace(/^0+/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole.length > MAX_WHOLE_DIGITS) return fail(MESSAGES.amountTooLarge);
  if (fraction.length > MAX_MINOR_UNIT) return fail(MESSAGES.amountDecimalsAnyCurrency);
  if (/^0*$/.test(whole + fraction)) return fail(MESSAGES.amountNotPositive);
  return { ok: true, text: fraction ? `${whole || '0'}.${fraction}` : whole };
}

/** The text a number or a string carries; a JSON number by its shortest decimal spelling. */
function decimalText(value: unknown): { ok: true; text: string } | { ok: false; message: string } {
  if (value === undefined || value === null || value === '') return fail(MESSAGES.amountRequired);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail(MESSAGES.amountNotANumber);
    if (value <= 0) return fail(MESSAGES.amountNotPositive);
    if (value >= 1e21) return fail(MESSAGES.amountTooLarge);
    // Below 1e-6 a number is spelled with an exponent: far more decimals than any currency has.
    return { ok: true, text: String(value).includes('e') ? value.toFixed(20) : String(value) };
  }
  if (typeof value !== 'string') return fail(MESSAGES.amountNotANumber);
  const text = value.trim();
  if (/^-\s*\d*\.?\d+$/.test(text)) return fail(MESSAGES.amountNotPositive);
  return { ok: true, text };
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

/** Minor units as a plain decimal with exactly the currency's decimals: 1500 JPY "1500", 1234 BHD "1.234". */
export function formatMinor(minor: number | bigint, code: string): string {
  const digits = findIsoCurrency(code)?.minorUnit ?? 2;
  const value = BigInt(minor);
  const magnitude = value < 0n ? -value : value;
  const scale = 10n ** BigInt(digits);
  const whole = `${value < 0n ? '-' : ''}${magnitude / scale}`;
  return digits === 0 ? whole : `${whole}.${String(magnitude % scale).padStart(digits, '0')}`;
}

/** Minor units as the JSON number the wire carries (1250 USD → 12.5, 1500 JPY → 1500). */
export function minorToNumber(minor: number, code: string): number {
  return Number(formatMinor(minor, code));
}

/**
 * The one rounding rule, wherever an amount is rounded (a conversion at a rate, a cross rate's digits):
 * half to even, "banker's rounding" (2.5 → 2, 3.5 → 4, -2.5 → -2), once, at the very end. Chosen over
 * half up because converted figures are added up over many rows, days and months (the dashboard's totals
 * convert one sum per day and currency): half up pushes every tie the same way and drifts those sums
 * upwards, half even cancels out. It is IEEE 754's default and what accounting systems use for
 * conversions. Divides two integers exactly: no float ever touches an amount.
 */
export function divideRoundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  if (denominator < 0n) return divideRoundHalfEven(-numerator, -denominator);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  const twiceRemainder = (magnitude % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n))
    quotient += 1n;
  return negative ? -quotient : quotient;
}

/** A balance (zero or negative allowed) as canonical decimal text: "-250.5", "0". */
export function readSignedDecimalAmount(
  value: unknown,
): { ok: true; text: string } | { ok: false; message: string } {
  if (typeof value === 'number' && value <= 0 && Number.isFinite(value)) {
    if (value === 0) return { ok: true, text: '0' };
    return negatedText(readDecimalAmount(-value));
  }
  if (typeof value !== 'string') return readDecimalAmount(value);
  const text = value.trim();
  const magnitude = text.startsWith('-') ? text.slice(1).trim() : text;
  if (/^0*\.?0*$/.test(magnitude) && /\d/.test(magnitude)) return { ok: true, text: '0' };
  const read = readDecimalAmount(magnitude);
  return text.startsWith('-') ? negatedText(read) : read;
}

function negatedText(
  read: { ok: true; text: string } | { ok: false; message: string },
): { ok: true; text: string } | { ok: false; message: string } {
  return read.ok ? { ok: true, text: `-${read.text}` } : read;
}

/** A balance of the currency in its minor unit: like parseAmountInCurrency, with zero and a sign. */
export function parseSignedAmountInCurrency(text: string, code: string): MinorResult {
  const negative = text.trim().startsWith('-');
  const magnitude = negative ? text.trim().slice(1) : text;
  if (/^0*\.?0*$/.test(magnitude.trim()) && /\d/.test(magnitude)) {
    return findIsoCurrency(code) ? { ok: true, minor: 0 } : fail(unknownCurrencyMessage(code));
  }
  const read = parseAmountInCurrency(magnitude, code);
  return read.ok && negative ? { ok: true, minor: -read.minor } : read;
}

/**
 * An amount read in hundredths (a receipt's reading, whatever currency it prints) in minor units of the
 * currency, or null when it has cents the currency does not have (12.50 read for yen): ¥1,500 read as
 * 150000 is 1500 yen, never 150000; 1.23 dinars is 1230 fils.
 */
export function hundredthsInCurrency(hundredths: number, code: string): number | null {
  const digits = minorUnitOf(code);
  if (digits >= 2) return hundredths * 10 ** (digits - 2);
  const scale = 10 ** (2 - digits);
  return hundredths % scale === 0 ? hundredths / scale : null;
}
