import { z } from 'zod';

import { MESSAGES } from './messages';
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
