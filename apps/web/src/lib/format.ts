import { findCurrency, formatCentsTotal, todayInTimeZone, type CentsTotal } from '@paisable/contracts/rules';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(code: string, cents: boolean): Intl.NumberFormat {
  const key = `${code}:${cents}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      ...(cents ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * en-US formatting in the user's display currency, as the spec asks: `$1,234.50`, `₹1,234.50`.
 * The display currency is only a label: amounts are stored in cents whatever it is, so an amount shows
 * the digits it has. In a currency without minor units (JPY) a whole amount reads `¥1,234`, and one
 * with cents keeps them (`¥3.50`, never rounded to `¥4`), so what is shown is what was saved.
 */
export function formatMoney(amount: number, currencyCode: string): string {
  const code = findCurrency(currencyCode).code;
  const hasCents = Math.round(Math.abs(amount) * 100) % 100 !== 0;
  return formatterFor(code, hasCents).format(amount);
}

/**
 * A total of cents (a sum, which may pass 2^53) formatted as `formatMoney` does, from its exact digits:
 * Intl reads a decimal string as the decimal it spells, not as the nearest double.
 */
export function formatMoneyTotal(total: CentsTotal, currencyCode: string): string {
  const code = findCurrency(currencyCode).code;
  const decimal = formatCentsTotal(total) as `${number}`;
  return formatterFor(code, !decimal.endsWith('.00')).format(decimal);
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
