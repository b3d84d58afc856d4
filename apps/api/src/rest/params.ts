import { z } from 'zod';

import { calendarDayOf } from '@paisable/contracts';

/**
 * Coercions from what the original API's clients send (query strings, loosely typed JSON) to the
 * contracts' types. A value that cannot be coerced is passed on unchanged, so the contract refuses it
 * with its own message instead of it silently turning into something else.
 */

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Empty and missing both mean "not given", as in the original query handling. */
function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** "2" → 2; "2.5", "-1", "abc" stay strings and fail the contract's number check. */
export function integerParam(value: unknown): unknown {
  if (!given(value)) return undefined;
  return typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
}

/** "true"/"1" and "false"/"0" (query strings and the legacy form) as booleans. */
export function booleanParam(value: unknown): unknown {
  if (!given(value)) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}

/** `YYYY-MM-DD`, or an ISO timestamp reduced to the calendar day the client wrote. */
export function dateParam(value: unknown): unknown {
  if (!given(value)) return undefined;
  return typeof value === 'string' ? (calendarDayOf(value) ?? value) : value;
}

export function textParam(value: unknown): unknown {
  return given(value) ? value : undefined;
}

/** Drops keys whose value is undefined, so a partial update changes only what was sent. */
export function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/**
 * Schemas for the original API's loose spellings: the value is coerced as above, then checked by the
 * contract's own schema (whose messages the user sees). The OpenAPI document shows the contract's type.
 */
export const legacyInteger = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(integerParam, schema);
export const legacyBoolean = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(booleanParam, schema);
export const legacyDay = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(dateParam, schema);
export const legacyText = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(textParam, schema);
