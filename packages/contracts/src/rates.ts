import { z } from 'zod';

import { storedDate } from './dates';
import {
  currencyCodeProblem,
  RATE_FILE_MAX_BYTES,
  RATE_LIST_MAX,
  RATE_MESSAGES,
  RATE_SOURCES,
  rateProblem,
} from './rates-rules';

export {
  currencyCodeProblem,
  isRateInForce,
  RATE_FILE_MAX_BYTES,
  RATE_LIST_MAX,
  RATE_MAX,
  RATE_MAX_AGE_DAYS,
  RATE_MAX_DECIMALS,
  RATE_MESSAGES,
  RATE_SOURCES,
  type RateSource,
  rateProblem,
} from './rates-rules';

/** A currency code; lower case is accepted and stored upper case. */
export const rateCurrency = z
  .string({ error: RATE_MESSAGES.currencyInvalid })
  .trim()
  .transform((code) => code.toUpperCase())
  .superRefine((code, ctx) => {
    const problem = currencyCodeProblem(code);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A number without exponent: 1e-7 becomes 0.0000001 (digits past the 10th decimal are then refused). */
function plainDecimal(value: number): string {
  if (!Number.isFinite(value)) return 'not a number';
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

/**
 * A rate: how many units of the quote currency one unit of the base buys (USD→EUR 0.8: 40 EUR = 50 USD).
 * Sent as a JSON number or a decimal string; kept and answered as a decimal string, so it stays exact.
 */
export const rateValue = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? RATE_MESSAGES.rateRequired : RATE_MESSAGES.rateInvalid),
  })
  .transform((value) => (typeof value === 'number' ? plainDecimal(value) : value.trim()))
  .superRefine((text, ctx) => {
    const problem = rateProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  // One spelling: no leading zeros, no trailing decimal zeros.
  .transform((text) =>
    text
      .replace(/^0+(?=\d)/, '')
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, ''),
  );

const pair = { base: rateCurrency, quote: rateCurrency };
const differentCurrencies = (value: { base: string; quote: string }) => value.base !== value.quote;
const sameCurrencyIssue = { message: RATE_MESSAGES.sameCurrency, path: ['quote'] };

/** The rate in force on a day: GET /api/rates, `rates.get`. */
export const rateQueryInput = z
  .object({ ...pair, date: storedDate })
  .refine(differentCurrencies, sameCurrencyIssue);
export type RateQueryInput = z.infer<typeof rateQueryInput>;

/** A rate typed by the user for one day; it wins over the ECB's for that day (for this user only). */
export const addRateInput = z
  .object({ ...pair, date: storedDate, rate: rateValue })
  .refine(differentCurrencies, sameCurrencyIssue);
export type AddRateInput = z.infer<typeof addRateInput>;

export const exchangeRateOutput = z.object({
  /** The day the rate is of: the asked day, or the nearest earlier one with a rate (weekends, holidays). */
  date: z.string(),
  base: z.string(),
  quote: z.string(),
  /** Decimal text; a rate derived through the euro is rounded half-even to 10 decimals. */
  rate: z.string(),
  source: z.enum(RATE_SOURCES),
});
export type ExchangeRate = z.infer<typeof exchangeRateOutput>;

/** The newest rates first: the user's own typed and uploaded ones and the shared ECB ones. */
export const rateListInput = z
  .object({ base: rateCurrency.optional(), quote: rateCurrency.optional() })
  .optional()
  .default({});
export const rateListOutput = z.object({ rates: z.array(exchangeRateOutput).max(RATE_LIST_MAX) });
export type RateList = z.infer<typeof rateListOutput>;

/** An ECB rates file's text (eurofxref-daily.xml, eurofxref-hist.csv, eurofxref-hist.xml). */
export const importRateFileInput = z.object({
  text: z
    .string({ error: RATE_MESSAGES.fileMissing })
    .min(1, RATE_MESSAGES.fileMissing)
    .max(RATE_FILE_MAX_BYTES, RATE_MESSAGES.fileTooLarge),
});
export const rateImportOutput = z.object({
  /** Rates stored (a rate already stored for that day and currency is replaced by the file's). */
  imported: z.number().int(),
  days: z.number().int(),
  firstDay: z.string(),
  lastDay: z.string(),
  /** Rates of currencies we do not know or out of range (old ones such as TRL): left out. */
  skipped: z.number().int(),
});
export type RateImport = z.infer<typeof rateImportOutput>;

/**
 * How a figure in the display currency was made from amounts in other currencies; absent when nothing was
 * converted. Per currency, the newest rate used and its day ("1 EUR = 1.08 USD, rate of 20 Nov": the figure's
 * hover; older days were converted at their own rates). `missing`: currencies whose amounts had no rate on
 * or before their day, between `from` and `to`, left out of the figure (never taken at 1).
 */
export const conversionOutput = z.object({
  rates: z.array(
    z.object({
      currency: z.string(),
      /** Units of the display currency one unit of `currency` buys, as decimal text. */
      rate: z.string(),
      date: z.string(),
      source: z.enum(RATE_SOURCES),
    }),
  ),
  missing: z.array(z.object({ currency: z.string(), from: z.string(), to: z.string() })),
});
export type Conversion = z.infer<typeof conversionOutput>;
