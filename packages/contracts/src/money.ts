import { z } from 'zod';

import { MESSAGES } from './messages';
import { parseAmountToCents } from './rules/money';

export * from './rules/money';

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
