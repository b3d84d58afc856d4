import type { z } from 'zod';

import { deepFreeze } from '../lib/remembered';

/**
 * A procedure's `.output()` check that runs once per result object when that object is frozen: a
 * remembered result (lib/remembered.ts) is the same frozen object for every request until the user's next
 * write, so checking it again would only repeat the same answer (for a 120-month report, more CPU than the
 * rest of the request). Any other value is checked every time, exactly as `.output(schema)` does.
 *
 * The checked output of a frozen result is frozen too: it is the same object for as long as the result is,
 * so trpc/fastify.ts writes its JSON once for every request that gets it.
 */
export function checkedOnce<Schema extends z.ZodType>(schema: Schema) {
  const checked = new WeakMap<object, z.output<Schema>>();
  return async (value: unknown): Promise<z.output<Schema>> => {
    if (value === null || typeof value !== 'object' || !Object.isFrozen(value))
      return schema.parseAsync(value);
    if (checked.has(value)) return checked.get(value) as z.output<Schema>;
    const output = deepFreeze(await schema.parseAsync(value));
    checked.set(value, output);
    return output;
  };
}
