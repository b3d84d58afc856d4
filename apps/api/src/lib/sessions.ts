import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { prepared } from '../db/prepared';
import { sessions, users, type SessionRow, type UserRow } from '../db/schema';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/**
 * How long a sign-in lasts (the figures are argued in ARCHITECTURE.md, "Sessions").
 * - `absoluteMs`: 30 days from the password, however active: what the original server's tokens lasted, so
 *   the original client behaves as it always did, and a stolen token dies with its session at the latest.
 * - `idleMs`: 7 days without a request ends it: a weekly look at one's budget keeps a device signed in, a
 *   forgotten or stolen token goes stale within a week.
 * - `renewAfterMs`: the web app trades its token for a new one every 15 minutes while it is open, so a token
 *   copied from its storage stops working soon after (the original client never renews; its token lives
 *   by the two limits above).
 * - `previousGraceMs`: the token before a renewal still passes for 1 minute (requests already on their way,
 *   other tabs); presented later, it means someone kept a copy, and the session is ended.
 * - `touchEveryMs`: "last seen" is written at most every 5 minutes per session, so reads stay free of writes.
 */
export const SESSION_LIFETIMES = {
  absoluteMs: 30 * DAY,
  idleMs: 7 * DAY,
  renewAfterMs: 15 * MINUTE,
  previousGraceMs: MINUTE,
  touchEveryMs: 5 * MINUTE,
} as const;

/** A session as this process remembers it: enough to check a token and its limits without a round trip. */
export type VerifiedSession = {
  id: string;
  userId: string;
  tokenHash: string;
  previousTokenHash: string | null;
  rotatedAtMs: number | null;
  createdAtMs: number;
  lastSeenAtMs: number;
  expiresAtMs: number;
};

/** A fresh secret for a session: the token the client keeps and the hash the database keeps. */
export function newSessionSecret() {
  const secret = randomBytes(32).toString('base64url');
  return { secret, tokenHash: hashSecret(secret) };
}

/** The bearer token: the session's id, a dot, and its secret. */
export function sessionToken(sessionId: string, secret: string) {
  return `${sessionId}.${secret}`;
}

/** SHA-256 of a token's secret part (sessions and sign-in challenges keep only this). */
export function hashSecret(secret: string) {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A token's session (or challenge) id and secret, or undefined when it is not shaped like one. */
export function parseToken(token: string): { id: string; secret: string } | undefined {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(
    token,
  );
  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : undefined;
}

/** Compares two hashes in constant time. */
export function sameHash(a: string, b: string | null) {
  if (b === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function toVerified(row: SessionRow): VerifiedSession {
  return {
    id: row.id,
    userId: row.userId,
    tokenHash: row.tokenHash,
    previousTokenHash: row.previousTokenHash,
    rotatedAtMs: row.rotatedAt?.getTime() ?? null,
    createdAtMs: row.createdAt.getTime(),
    lastSeenAtMs: row.lastSeenAt.getTime(),
    expiresAtMs: row.expiresAt.getTime(),
  };
}

type Verdict = 'current' | 'previous' | 'replayed' | 'wrong';

function matchSecret(session: VerifiedSession, secretHash: string, nowMs: number): Verdict {
  if (sameHash(secretHash, session.tokenHash)) return 'current';
  if (!sameHash(secretHash, session.previousTokenHash)) return 'wrong';
  const rotatedAt = session.rotatedAtMs ?? 0;
  return nowMs - rotatedAt <= SESSION_LIFETIMES.previousGraceMs ? 'previous' : 'replayed';
}

function isLive(session: VerifiedSession, nowMs: number) {
  return nowMs < session.expiresAtMs && nowMs - session.lastSeenAtMs < SESSION_LIFETIMES.idleMs;
}

const findSession = prepared((db) =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_session_by_id'),
);

const findSessionWithUser = prepared((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_session_with_user'),
);

export type SessionCheck = {
  db: Database;
  now: () => Date;
  token: string;
  /** A read may use what this process remembers; a write reads the session and its user in one query. */
  purpose: 'read' | 'write';
  /** Where the request comes from, written with "last seen". */
  ip: string;
};

/**
 * The session a bearer token names, if the token is its current secret (or the previous one for a moment
 * after a renewal) and it has not ended, idled out or expired; with the user row when read from the database.
 *
 * Revocation is immediate: the process that ends a session forgets it before answering, and every other
 * process forgets it when the deletion's notification arrives (migration 0017); a write never trusts memory.
 */
export async function verifySessionToken({
  db,
  now,
  token,
  purpose,
  ip,
}: SessionCheck): Promise<{ session: VerifiedSession; user?: UserRow } | undefined> {
  const parsed = parseToken(token);
  if (!parsed) return undefined;
  const nowMs = now().getTime();
  const secretHash = hashSecret(parsed.secret);
  const memory = memoryOf(db);

  let session = purpose === 'read' && memory.listening ? memory.sessions.get(parsed.id) : undefined;
  let user: UserRow | undefined;
  // Another process may have seen the session more recently than this one remembers: ask before refusing.
  if (!session || !isLive(session, nowMs) || matchSecret(session, secretHash, nowMs) === 'wrong') {
    const changesBefore = memory.changes;
    if (purpose === 'write') {
      const [found] = await findSessionWithUser(db).execute({ id: parsed.id });
      session = found ? toVerified(found.session) : undefined;
      user = found?.user;
    } else {
      const [found] = await findSession(db).execute({ id: parsed.id });
      session = found ? toVerified(found) : undefined;
    }
    if (session && memory.listening && memory.changes === changesBefore) remember(memory, session);
  }
  if (!session) return undefined;

  const verdict = matchSecret(session, secretHash, nowMs);
  if (verdict === 'wrong') return undefined;
  if (verdict === 'replayed' || !isLive(session, nowMs)) {
    // A renewed token shown again after its minute was copied; an idle or expired session is over. Either
    // way the row goes, so the session list shows only sessions that can still be used.
    await db.delete(sessions).where(eq(sessions.id, session.id));
    forgetSession(db, session.id);
    return undefined;
  }
  if (nowMs - session.lastSeenAtMs >= SESSION_LIFETIMES.touchEveryMs) {
    const seenAt = new Date(nowMs);
    await db.update(sessions).set({ lastSeenAt: seenAt, ip }).where(eq(sessions.id, session.id));
    session.lastSeenAtMs = nowMs;
  }
  return user ? { session, user } : { session };
}

/** Sessions remembered per process; the least recently used goes first. A few MB at most. */
const REMEMBERED_SESSIONS = 10_000;
const SESSION_CHANGED_CHANNEL = 'paisable_session_changed';

type SessionMemory = {
  sessions: Map<string, VerifiedSession>;
  /** Bumped whenever a session is forgotten, so one read while it ended is not kept. */
  changes: number;
  listening: boolean;
  started: Promise<void>;
};

const memories = new WeakMap<Database, SessionMemory>();

function remember(memory: SessionMemory, session: VerifiedSession) {
  memory.sessions.delete(session.id);
  memory.sessions.set(session.id, session);
  if (memory.sessions.size > REMEMBERED_SESSIONS)
    memory.sessions.delete(memory.sessions.keys().next().value ?? '');
}

function memoryOf(db: Database): SessionMemory {
  const known = memories.get(db);
  if (known) return known;
  const memory: SessionMemory = {
    sessions: new Map(),
    changes: 0,
    listening: false,
    started: Promise.resolve(),
  };
  memories.set(db, memory);
  memory.started = db.$client
    .listen(
      SESSION_CHANGED_CHANNEL,
      (sessionId) => forgetSession(db, sessionId),
      // Also after a reconnection: whatever ended meanwhile was not heard, so nothing is trusted.
      () => {
        memory.sessions.clear();
        memory.changes += 1;
        memory.listening = true;
      },
    )
    .then(
      () => undefined,
      () => {
        memory.listening = false;
        memory.sessions.clear();
      },
    );
  return memory;
}

/** Starts listening for ended sessions on this handle and waits for it (tests; else the first request does). */
export async function listenForSessionChanges(db: Database): Promise<boolean> {
  const memory = memoryOf(db);
  await memory.started;
  return memory.listening;
}

/** Forgets a session in this process at once: called by the code that ends or renews it. */
export function forgetSession(db: Database, sessionId: string) {
  const memory = memories.get(db);
  if (!memory) return;
  memory.sessions.delete(sessionId);
  memory.changes += 1;
}
