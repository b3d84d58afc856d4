import { eq, sql } from 'drizzle-orm';

import { MESSAGES } from '@paisable/contracts';

import type { Database } from '../db/client';
import { prepared } from '../db/prepared';
import { users, type UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from './errors';
import { verifySessionToken } from './sessions';

type AuthenticateDeps = Pick<AppDeps, 'db' | 'now'>;

/** Who is knocking: the client address the HTTP layer saw (see lib/trust-proxy.ts), and its browser. */
export type Client = { ip: string; userAgent?: string };

/** The signed-in user of a request, with the session (sign-in) its token names. */
export type SignedInUser = UserRow & { sessionId: string };

/**
 * The signed-in user of an `Authorization: Bearer <token>` header: the token must name a live session
 * (lib/sessions.ts), and its user must exist.
 *
 * A read (`purpose: 'read'`) takes the session and the user row this process remembers
 * (`rememberedUserRow`): no round trip. A write reads both from the database in one query, so it never acts
 * for a session ended or an account deleted a moment ago in another process. A session ended or an account
 * deleted is refused at once in the process that did it, and in every other one as soon as the notification
 * arrives (when the ending transaction commits).
 */
export async function authenticate(
  deps: AuthenticateDeps,
  authorization: string | undefined,
  purpose: 'read' | 'write' = 'write',
  client: Client = { ip: '' },
): Promise<SignedInUser> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHORIZED', MESSAGES.noToken);
  const verified = await verifySessionToken({
    db: deps.db,
    now: deps.now,
    token: match[1],
    purpose,
    ip: client.ip,
  });
  const row = !verified
    ? undefined
    : (verified.user ??
      (purpose === 'read'
        ? await rememberedUserRow(deps.db, verified.session.userId)
        : await findUserRow(deps.db, verified.session.userId)));
  if (!row || !verified) throw new AppError('UNAUTHORIZED', MESSAGES.tokenFailed);
  return { ...row, sessionId: verified.session.id };
}

/**
 * The user behind an Authorization header on a public route, or undefined. A missing or stale token does
 * not block a public action; it only means the action is not tied to an account.
 */
export async function authenticateIfSent(
  deps: AuthenticateDeps,
  authorization: string | undefined,
): Promise<SignedInUser | undefined> {
  if (!authorization) return undefined;
  try {
    return await authenticate(deps, authorization, 'write');
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') return undefined;
    throw error;
  }
}

export async function findUserRow(db: Database, userId: string): Promise<UserRow | undefined> {
  // A token's subject is only trusted after the signature check, but a malformed id must not reach SQL.
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return undefined;
  const [row] = await findUserById(db).execute({ userId });
  return row;
}

/** Every authenticated request runs this: built once, not once per request. */
const findUserById = prepared((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('find_user_by_id'),
);

/** Users remembered per process; the least recently used goes first. Rows are small: a few MB at most. */
const REMEMBERED_USERS = 10_000;
const USER_CHANGED_CHANNEL = 'paisable_user_changed';

type UserMemory = {
  rows: Map<string, UserRow>;
  /** Bumped whenever a row is forgotten, so a row read while a change landed is not kept. */
  changes: number;
  /** Set once this process listens for changes; until then (or if it cannot) every request reads the row. */
  listening: boolean;
  /** Settles when the first LISTEN has succeeded or failed. */
  started: Promise<void>;
};

const memories = new WeakMap<Database, UserMemory>();

/**
 * The user row, remembered by this process for its database handle. Migration 0015 notifies every change of
 * a users row; the handle's listener forgets that row, and forgets every row when it (re)connects, since
 * notifications sent while it was away are lost.
 */
async function rememberedUserRow(db: Database, userId: string): Promise<UserRow | undefined> {
  const memory = memoryOf(db);
  const known = memory.rows.get(userId);
  if (known && memory.listening) {
    memory.rows.delete(userId); // re-inserted below: a Map keeps insertion order
    memory.rows.set(userId, known);
    return known;
  }
  const changesBefore = memory.changes;
  const row = await findUserRow(db, userId);
  if (row && memory.listening && memory.changes === changesBefore) {
    memory.rows.set(userId, row);
    if (memory.rows.size > REMEMBERED_USERS) memory.rows.delete(memory.rows.keys().next().value ?? '');
  }
  return row;
}

function memoryOf(db: Database): UserMemory {
  const memory = memories.get(db);
  if (memory) return memory;
  const created: UserMemory = { rows: new Map(), changes: 0, listening: false, started: Promise.resolve() };
  memories.set(db, created);
  created.started = db.$client
    .listen(
      USER_CHANGED_CHANNEL,
      (userId) => forgetUserRow(db, userId),
      // Called again after the listening connection reconnects: what changed meanwhile was not heard.
      () => {
        created.rows.clear();
        created.changes += 1;
        created.listening = true;
      },
    )
    .then(
      () => undefined,
      () => {
        // Not listening (e.g. the connection failed): nothing is remembered, every request reads the row.
        created.listening = false;
        created.rows.clear();
      },
    );
  return created;
}

/** Starts listening for user changes on this handle (else the first read request does) and waits for it. */
export async function listenForUserChanges(db: Database): Promise<boolean> {
  const memory = memoryOf(db);
  await memory.started;
  return memory.listening;
}

/**
 * Forgets a user's remembered row in this process at once: called by the code that changes or deletes it,
 * so the next request here sees the change without waiting for the notification.
 */
export function forgetUserRow(db: Database, userId: string) {
  const memory = memories.get(db);
  if (!memory) return;
  memory.rows.delete(userId);
  memory.changes += 1;
}
