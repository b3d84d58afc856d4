import { z } from 'zod';

import { isIsoCurrencyCode } from './currency-catalogue';
import { MESSAGES } from './messages';
import { readDecimalAmount, readSignedDecimalAmount, unknownCurrencyMessage } from './rules/currency-money';
import { isCentsTotal, parseAmountToCents, parseSignedAmountToCents, type CentsTotal } from './rules/money';

export {
  addCentsTotals,
  AMOUNT_STEP,
  type CentsResult,
  centsToNumber,
  type CentsTotal,
  centsTotalToNumber,
  compareCentsTotals,
  formatCents,
  formatCentsTotal,
  isCentsTotal,
  MAX_AMOUNT_CENTS,
  parseAmountToCents,
  parseSignedAmountToCents,
  subtractCentsTotals,
  toCentsTotal,
} from './rules/money';

/**
 * A positive amount with at most 2 decimals, as a JSON number or a numeric string (the legacy web form
 * sends the input's text), parsed to integer cents.
 */
export const moneyInput = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? MESSAGES.amountRequired : MESSAGES.amountNotANumber),
  })
  .transform((value, ctx) => {
    const result = parseAmountToCents(value);
    if (result.ok) return result.cents;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/** A balance: an amount that may be zero or negative (a card's debt), with the same exactness. */
export const signedMoneyInput = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? MESSAGES.amountRequired : MESSAGES.amountNotANumber),
  })
  .transform((value, ctx) => {
    const result = parseSignedAmountToCents(value);
    if (result.ok) return result.cents;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/** A sum of cents on the wire: exact decimal integer text, which a JSON number could not carry past 2^53. */
export const centsTotalOutput = z
  .custom<CentsTotal>(isCentsTotal)
  .describe('An exact sum of cents as decimal integer text: "9007199254740993", "-12".');

/**
 * An amount whose currency is the account's, which only the server knows: every rule but the
 * currency's decimals is checked here, and the amount travels on as exact decimal text ("12.5") that
 * the service turns into the account currency's minor unit (`parseAmountInCurrency`).
 */
export const decimalAmountInput = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? MESSAGES.amountRequired : MESSAGES.amountNotANumber),
  })
  .transform((value, ctx) => {
    const result = readDecimalAmount(value);
    if (result.ok) return result.text;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/** A balance in the account's currency: zero and negative amounts allowed, as exact decimal text. */
export const signedDecimalAmountInput = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? MESSAGES.amountRequired : MESSAGES.amountNotANumber),
  })
  .transform((value, ctx) => {
    const result = readSignedDecimalAmount(value);
    if (result.ok) return result.text;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/** An active ISO 4217 code ("usd" is read as USD); a retired or unknown one is refused by name. */
export const isoCurrencyCodeInput = z
  .string({ error: 'Currency must be a code like USD, EUR or JPY.' })
  .trim()
  .transform((value, ctx) => {
    const code = value.toUpperCase();
    if (isIsoCurrencyCode(code)) return code;
    ctx.addIssue({ code: 'custom', message: unknownCurrencyMessage(code) });
    return z.NEVER;
  });

export const currencyOutput = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** Decimals of an amount: 0 for JPY, 2 for USD, 3 for BHD. */
  minorUnit: z.number().int(),
  /** Only the spec's seven, listed first. */
  flag: z.string().optional(),
});
export type CurrencyInfo = z.infer<typeof currencyOutput>;
