import type { z } from 'zod';

/**
 * A procedure's `.output()` check that runs once per result object when that object is frozen: a
 * remembered result (lib/remembered.ts) is the same frozen object for every request until the user's next
 * write, so checking it again would only repeat the same answer (for a 120-month report, more CPU than the
 * rest of the request). Any other value is checked every time, exactly as `.output(schema)` does.
 */
export function checkedOnce<Schema extends z.ZodType>(schema: Schema) {
  const checked = new WeakMap<object, z.output<Schema>>();
  return async (value: unknown): Promise<z.output<Schema>> => {
    if (value === null || typeof value !== 'object' || !Object.isFrozen(value))
      return schema.parseAsync(value);
    if (checked.has(value)) return checked.get(value) as z.output<Schema>;
    const output = await schema.parseAsync(value);
    checked.set(value, output);
    return output;
  };
}
