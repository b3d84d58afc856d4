import {
  findCurrency,
  findIsoCurrency,
  formatMinor,
  todayInTimeZone,
  type CentsTotal,
} from '@paisable/contracts/rules';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Intl's en-US currency formatting with exactly the currency's decimals (ISO 4217's minor unit): `¥1,500`,
 * `$12.50`, `BHD 1.234`. Intl tells same-named symbols apart where it would be ambiguous (`$` is the US
 * dollar; `CA$`, `A$`, `NZ$` the others).
 */
function formatterFor(code: string): Intl.NumberFormat {
  let formatter = formatters.get(code);
  if (!formatter) {
    const digits = findIsoCurrency(code)?.minorUnit ?? 2;
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(code, formatter);
  }
  return formatter;
}

/** An ISO 4217 code the app knows, else the display currency the user had before (never throws). */
function knownCode(currencyCode: string): string {
  return findIsoCurrency(currencyCode) ? currencyCode : findCurrency(currencyCode).code;
}

/**
 * A decimal amount (a row's `amount`) in its currency, en-US style as the spec asks: `$1,234.50`,
 * `¥1,500`, `CA$20.00`. The amount already has the currency's decimals (the server refuses more).
 */
export function formatMoney(amount: number, currencyCode: string): string {
  return formatterFor(knownCode(currencyCode)).format(amount);
}

/**
 * A total of minor units of the currency (cents, yen; a sum, which may pass 2^53) formatted as
 * `formatMoney` does, from its exact digits: Intl reads a decimal string as the decimal it spells, not as
 * the nearest double.
 */
export function formatMoneyTotal(total: CentsTotal, currencyCode: string): string {
  const code = knownCode(currencyCode);
  return formatterFor(code).format(formatMinor(BigInt(total), code) as `${number}`);
}

/**
 * A total as the nearest number of whole units of its currency, for a chart to draw and label its axis:
 * ¥150,000 is 150000, BHD 1.234 is 1.234 and $1,234.56 is 1234.56 (never minor units over 100, which
 * drew a yen figure against a ¥1.5K axis). Figures written as text come from the total itself.
 */
export function totalToNumber(total: CentsTotal, currencyCode: string): number {
  return Number(formatMinor(BigInt(total), knownCode(currencyCode)));
}

/** What was paid in another currency, beside the booked amount: "paid 50.00 EUR". */
export function formatPaidAbroad(minor: number, currencyCode: string): string {
  return `paid ${formatMinor(minor, currencyCode)} ${currencyCode}`;
}

/**
 * One formatter per set of options: making an Intl.DateTimeFormat costs about a millisecond on a phone
 * (it loads locale data), and a page of dates asked for one per row.
 */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/** A calendar date (YYYY-MM-DD) for reading, without letting the browser's time zone move it. */
export function formatDate(
  isoDate: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return dateFormatter('en-US', { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's calendar date (YYYY-MM-DD) in a time zone: the default date of a new transaction. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return todayInTimeZone(timeZone, now);
}

/** The calendar day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}
