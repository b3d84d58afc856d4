import { isIsoCurrencyCode } from './currency-catalogue';
import { unknownCurrencyMessage } from './rules/currency-money';

/*
 * Exchange rates without zod: the limits, messages and the currency-code check the web pages use too.
 */

/** A rate above this is a typing slip (no currency buys a million of another today). */
export const RATE_MAX = 1_000_000;
/** Decimals a rate may carry: ECB rates have at most 6; stored exactly as numeric(20, 10). */
export const RATE_MAX_DECIMALS = 10;
/** Where a stored rate came from: the ECB's daily file, an uploaded ECB file, or typed by the user. */
export const RATE_SOURCES = ['ecb', 'file', 'user'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];
/** An uploaded rate file larger than this is refused (the ECB's full history CSV is about 2 MB). */
export const RATE_FILE_MAX_BYTES = 16 * 1024 * 1024;
/** How many rates the Settings list (and `rates.list`) shows at most. */
export const RATE_LIST_MAX = 200;
/**
 * A day's amounts convert at the nearest rate on or before it, but only a rate at most this many days older:
 * beyond, the rate counts as missing. The ECB publishes every TARGET business day, so its longest gap is a
 * few days (Christmas to the new year: Thursday 24th to Monday 28th at most, a weekend plus Easter's four
 * days), and 14 also covers a server that could not fetch for a week and a rate typed once a week. A rate
 * from months ago would convert today's rows silently at a value the currency no longer has.
 */
export const RATE_MAX_AGE_DAYS = 14;

export const RATE_MESSAGES = {
  currencyInvalid: 'Use a three-letter currency code such as EUR or USD.',
  currencyUnknown: unknownCurrencyMessage,
  sameCurrency: 'Choose two different currencies.',
  rateRequired: 'Enter the rate.',
  rateInvalid: 'Write the rate as a number such as 0.92.',
  rateNotPositive: 'A rate must be more than 0.',
  rateTooLarge: `A rate above ${RATE_MAX.toLocaleString('en')} is surely a typing slip.`,
  rateTooPrecise: `A rate may have at most ${RATE_MAX_DECIMALS} decimals.`,
  noRate: `No rate for these currencies on that day or in the ${RATE_MAX_AGE_DAYS} days before it.`,
  fileMissing: 'Choose the ECB rates file (eurofxref-daily.xml, eurofxref-hist.csv or eurofxref-hist.xml).',
  fileTooLarge: `The file is larger than ${RATE_FILE_MAX_BYTES / 1024 / 1024} MB. Nothing was changed.`,
  fileNotRates:
    'This is not an ECB rates file (eurofxref-daily.xml, eurofxref-hist.csv or eurofxref-hist.xml). Nothing was changed.',
  fileTruncated: 'The rates file ends early or has a damaged line. Nothing was changed.',
  fileEmpty: 'The rates file holds no rates. Nothing was changed.',
} as const;

/**
 * The one check of a currency code: three capital letters naming an active ISO 4217 currency of the
 * catalogue (a retired one is named with its replacement).
 */
export function currencyCodeProblem(code: string): string | undefined {
  if (!/^[A-Z]{3}$/.test(code)) return RATE_MESSAGES.currencyInvalid;
  if (!isIsoCurrencyCode(code)) return RATE_MESSAGES.currencyUnknown(code);
  return undefined;
}

/** A rate as the user or a file wrote it, in the one spelling stored and shown: plain decimal, no exponent. */
export function rateProblem(text: string): string | undefined {
  if (text.trim() === '') return RATE_MESSAGES.rateRequired;
  if (/^-\d/.test(text)) return RATE_MESSAGES.rateNotPositive;
  if (!/^\d+(\.\d+)?$/.test(text)) return RATE_MESSAGES.rateInvalid;
  const decimals = text.split('.')[1]?.length ?? 0;
  if (decimals > RATE_MAX_DECIMALS) return RATE_MESSAGES.rateTooPrecise;
  if (!/[1-9]/.test(text)) return RATE_MESSAGES.rateNotPositive;
  if (Number(text) > RATE_MAX) return RATE_MESSAGES.rateTooLarge;
  return undefined;
}

/**
 * Whether a rate of `rateDay` may convert the amounts of `day` (YYYY-MM-DD all): on or before it, and at most
 * RATE_MAX_AGE_DAYS older. A day still to come (after `today`, when given: a forecast) has no rate published
 * yet, so its age counts from today: the rate in force today converts it.
 */
export function isRateInForce(rateDay: string, day: string, today?: string): boolean {
  if (rateDay > day) return false;
  const from = today !== undefined && today < day ? today : day;
  return (
    (Date.parse(`${from}T00:00:00Z`) - Date.parse(`${rateDay}T00:00:00Z`)) / 86_400_000 <= RATE_MAX_AGE_DAYS
  );
}
