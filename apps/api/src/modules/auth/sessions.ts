import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';

import { AUTH_MESSAGES, MESSAGES, type SessionInfo } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { sessions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { forgetSession, newSessionSecret, SESSION_LIFETIMES, sessionToken } from '../../lib/sessions';

type SessionDeps = Pick<AppDeps, 'db' | 'now'>;
type Owned = { userId: string };
/** The session of the request that asks, which some actions spare or report as "current". */
type Current = Owned & { sessionId: string };

export type StartSessionParams = Owned & { client: Client };

/** A new sign-in for the user: a session row and the bearer token that names it. */
export async function startSession(
  { db, now }: { db: Queryable; now: AppDeps['now'] },
  { userId, client }: StartSessionParams,
) {
  const { secret, tokenHash } = newSessionSecret();
  const at = now();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + SESSION_LIFETIMES.absoluteMs),
      // Shown in the session list only; capped so a huge header cannot bloat the table.
      userAgent: (client.userAgent ?? '').slice(0, 300),
      ip: client.ip.slice(0, 64),
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('The session was not created.');
  return sessionToken(row.id, secret);
}

/** The user's live sessions, newest first, the one asking marked. */
export async function listSessions(
  { db, now }: SessionDeps,
  { userId, sessionId }: Current,
): Promise<SessionInfo[]> {
  const nowMs = now().getTime();
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows
    .filter(
      (row) => row.expiresAt.getTime() > nowMs && nowMs - row.lastSeenAt.getTime() < SESSION_LIFETIMES.idleMs,
    )
    .map((row) => ({
      id: row.id,
      current: row.id === sessionId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      userAgent: row.userAgent,
      ip: row.ip,
    }));
}

/** Ends one of the user's sessions (logging out is ending one's own); another user's id is "not found". */
export async function endSession({ db }: Pick<AppDeps, 'db'>, { userId, id }: Owned & { id: string }) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', AUTH_MESSAGES.sessionNotFound);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND', AUTH_MESSAGES.sessionNotFound);
  forgetSession(db, id);
}

export type EndOtherSessionsParams = Owned & { keep?: string };

/** Ends every session of the user but `keep` (all of them without it); says how many ended. */
export async function endOtherSessions({ db }: Pick<AppDeps, 'db'>, params: EndOtherSessionsParams) {
  const ended = await deleteOtherSessions({ db }, params);
  forgetSessions(db, ended);
  return ended.length;
}

/**
 * The deletion of `endOtherSessions`, for a caller's transaction (a password change): the caller passes the
 * ids to `forgetSessions` once it has committed. Other processes hear of it on commit (migration 0017).
 */
export async function deleteOtherSessions(
  { db }: { db: Queryable },
  { userId, keep }: EndOtherSessionsParams,
) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/** This process forgets ended sessions at once, before the answer leaves. */
export function forgetSessions(db: AppDeps['db'], ids: readonly string[]) {
  for (const id of ids) forgetSession(db, id);
}

/**
 * A new token for the session asking (the web app renews every 15 minutes): the old one passes for one more
 * minute, then ends the session if it is shown again (lib/sessions.ts).
 */
export async function renewSession({ db, now }: SessionDeps, { userId, sessionId }: Current) {
  const { secret, tokenHash } = newSessionSecret();
  const [row] = await db
    .update(sessions)
    .set({ previousTokenHash: sql`${sessions.tokenHash}`, tokenHash, rotatedAt: now() })
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  if (!row) throw new AppError('UNAUTHORIZED', MESSAGES.tokenFailed);
  forgetSession(db, sessionId);
  return sessionToken(sessionId, secret);
}

/** Removes sessions past their end or idle limit (hourly): they refuse their token anyway. */
export async function purgeEndedSessions({ db, now }: SessionDeps) {
  const at = now().getTime();
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(at)),
        lt(sessions.lastSeenAt, new Date(at - SESSION_LIFETIMES.idleMs)),
      ),
    );
}

/** Whether the user has a live session last seen from this address (an address the owner is using). */
export async function hasSessionFrom({ db, now }: SessionDeps, { userId, ip }: Owned & { ip: string }) {
  const at = now().getTime();
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.ip, ip),
        gt(sessions.expiresAt, new Date(at)),
        gt(sessions.lastSeenAt, new Date(at - SESSION_LIFETIMES.idleMs)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
