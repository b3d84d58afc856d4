import type { z } from 'zod';

import { MESSAGES } from '@paisable/contracts/rules';

/**
 * The message of the first problem a contract schema finds in a form's input, taking the fields in the
 * order the form shows them (zod reports them in the schema's order), or null when the input is valid.
 * The schema is the API's own, so the browser and the server refuse the same input with the same words.
 */
export function firstProblem<Input>(
  schema: z.ZodType<unknown, Input>,
  input: Input,
  fieldOrder: readonly string[] = [],
): string | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const rank = (path: PropertyKey[]) => {
    const at = fieldOrder.indexOf(String(path[0]));
    return at === -1 ? fieldOrder.length : at;
  };
  const [first] = [...result.error.issues].sort((a, b) => rank(a.path) - rank(b.path));
  return first?.message ?? MESSAGES.serverError;
}

/**
 * What an amount box holds, for the contract's money schema: its text, trimmed. A number input also
 * takes an exponent ("1e3"), which nobody means as an amount: the contract refuses it as not a number
 * rather than the form reading it as 1,000.
 */
export function amountFromInput(text: string): string {
  return text.trim();
}
