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

export const RATE_MESSAGES = {
  currencyInvalid: 'Use a three-letter currency code such as EUR or USD.',
  currencyUnknown: unknownCurrencyMessage,
  sameCurrency: 'Choose two different currencies.',
  rateRequired: 'Enter the rate.',
  rateInvalid: 'Write the rate as a number such as 0.92.',
  rateNotPositive: 'A rate must be more than 0.',
  rateTooLarge: `A rate above ${RATE_MAX.toLocaleString('en')} is surely a typing slip.`,
  rateTooPrecise: `A rate may have at most ${RATE_MAX_DECIMALS} decimals.`,
  noRate: 'No rate for these currencies on or before that day.',
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
