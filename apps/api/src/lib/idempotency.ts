import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';

import { idempotencyKeys } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from './errors';

/** The `Idempotency-Key` header of a request, as sent (undefined when absent). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  return Array.isArray(value) ? value.join(',') : value;
}

/** How long a key's answer is kept: a client retries within minutes, an offline phone within a day. */
const KEPT_FOR = '1 day';

/** Printable ASCII without spaces, as clients make them (a UUID, a ULID). */
const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key header must be 1 to 200 printable characters without spaces.',
  otherRequest:
    'This Idempotency-Key was already used for a different request. Send a new key with each new change.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

/**
 * Runs `run` once per (user, key): the same key again gets the first answer without acting again; the same
 * key with another action or input is refused (422); while the first is still running, 409. Without a key
 * it simply runs. A failed action keeps nothing, so its retry runs again.
 */
export async function onceForKey<T>(
  deps: Pick<AppDeps, 'db'>,
  request: { userId: string; key: string | undefined; action: string; input: unknown },
  run: () => Promise<T>,
): Promise<T> {
  const { userId, key } = request;
  if (key === undefined) return run();
  if (!KEY_SHAPE.test(key)) throw new AppError('BAD_REQUEST', IDEMPOTENCY_MESSAGES.badKey);
  const fingerprint = fingerprintOf(request.action, request.input);
  const { db } = deps;
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        lt(idempotencyKeys.createdAt, sql`now() - ${KEPT_FOR}::interval`),
      ),
    );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  if (claimed.length === 0) {
    const [first] = await db
      .select({ fingerprint: idempotencyKeys.fingerprint, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(mine);
    if (!first) return onceForKey(deps, request, run); // expired between the two statements
    if (first.response === null) throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.inProgress);
    if (first.fingerprint !== fingerprint)
      throw new AppError('UNPROCESSABLE_CONTENT', IDEMPOTENCY_MESSAGES.otherRequest);
    return (first.response as { answer: T }).answer;
  }
  let answer: T;
  try {
    answer = await run();
  } catch (error) {
    await db.delete(idempotencyKeys).where(mine);
    throw error;
  }
  // Wrapped, so an answer of `null` is told apart from "still running".
  await db.update(idempotencyKeys).set({ response: { answer } }).where(mine);
  return answer;
}

/** The action and its input, independent of the order the client wrote the fields in. */
function fingerprintOf(action: string, input: unknown): string {
  return createHash('sha256')
    .update(`${action}\n${JSON.stringify(input, sortedKeys)}`)
    .digest('hex');
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}
