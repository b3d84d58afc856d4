import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';

import { rateLimitCounters } from '../../db/schema';
import type { AppDeps } from '../../deps';

export type RateLimit = {
  /** What is counted, e.g. `login:<email>:<ip>`; hashed before it is stored. */
  key: string;
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
};

/** One attempt at `at`, counted against `limit`. */
export type AttemptParams = RateLimit & { at: Date };

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against a fixed window and says whether it is within the limit. One upsert, so
 * concurrent attempts from several API processes are all counted.
 */
export async function consumeAttempt(
  { db }: Pick<AppDeps, 'db'>,
  { key, limit, windowSeconds, at }: AttemptParams,
) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(at.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket: hashKey(key), windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  if ((row?.hits ?? 0) <= limit) return { allowed: true } satisfies RateLimitVerdict;
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - at.getTime()) / 1000);
  return { allowed: false, retryAfterSeconds } satisfies RateLimitVerdict;
}

/** How many attempts were counted in the window that holds `at`, without counting one more. */
export async function attemptsSoFar(
  { db }: Pick<AppDeps, 'db'>,
  { key, windowSeconds, at }: Omit<AttemptParams, 'limit'>,
) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(at.getTime() / windowMs) * windowMs);
  const [row] = await db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, hashKey(key)), eq(rateLimitCounters.windowStart, windowStart)));
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - at.getTime()) / 1000);
  return { hits: row?.hits ?? 0, retryAfterSeconds };
}

/** Forgets windows that ended before `olderThan`. */
export async function purgeExpiredCounters({ db }: Pick<AppDeps, 'db'>, { olderThan }: { olderThan: Date }) {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, olderThan));
}

function hashKey(key: string) {
  return createHash('sha256').update(key).digest('base64url');
}
