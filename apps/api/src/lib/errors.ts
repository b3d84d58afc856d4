import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { z } from 'zod';

import { JSON_MAX_DEPTH, MESSAGES } from '@paisable/contracts';

/** The closed list of failures a service may report; each maps to one tRPC code and one HTTP status. */
const ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Partial<Record<TRPC_ERROR_CODE_KEY, number>>;

export type AppErrorCode = keyof typeof ERROR_CODES;

/** A failure the user caused or can act on. Its message is shown to them as it is. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** For 429: when a retry can succeed (sent as Retry-After on REST). */
    readonly details: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }
}

/** The first problem zod found, as a sentence for the user. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input.';
  // zod's own texts ("Invalid input: expected string…") name no field; say which one. Contract texts stand alone.
  const field = issue.path.join('.');
  const isZodDefault = /^(Invalid|Unrecognized|Too (big|small))/.test(issue.message);
  if (isZodDefault && field) return `${field}: ${issue.message}`;
  return issue.message;
}

/** Parses untrusted input with a contract schema; a failure is a 400 with the first problem. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  rejectNullCharacters(value);
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('BAD_REQUEST', firstIssueMessage(result.error));
  return result.data;
}

/**
 * PostgreSQL's text cannot hold U+0000: a name, note or search with one failed in the database with a 500
 * (or cut an export off mid-download). Any string of the input, at any depth, is checked before use.
 * The walk keeps its own list instead of recursing, and refuses input nested deeper than any JSON body may
 * be: the body parsers refuse such text first, this holds for input that reached us another way.
 */
export function rejectNullCharacters(value: unknown): void {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, depth } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw new AppError('BAD_REQUEST', MESSAGES.textHasNullCharacter);
    } else if (item !== null && typeof item === 'object') {
      if (depth >= JSON_MAX_DEPTH) throw new AppError('BAD_REQUEST', MESSAGES.jsonTooDeep);
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) throw new AppError('BAD_REQUEST', MESSAGES.textHasNullCharacter);
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
}
