import { eq, sql } from 'drizzle-orm';

import { MESSAGES } from '@paisable/contracts';

import type { Database } from '../db/client';
import { prepared } from '../db/prepared';
import { users, type UserRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from './errors';

type AuthenticateDeps = Pick<AppDeps, 'db' | 'tokens'>;

/** Who is knocking: the client address the HTTP layer saw (the proxy's X-Forwarded-For when trusted). */
export type Client = { ip: string };

/**
 * The signed-in user of an `Authorization: Bearer <token>` header. The user row is read on every request,
 * so a deleted account's token is refused at once, in every process.
 */
export async function authenticate(
  deps: AuthenticateDeps,
  authorization: string | undefined,
): Promise<UserRow> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHORIZED', MESSAGES.noToken);
  const userId = await deps.tokens.verify(match[1]);
  const row = userId ? await findUserRow(deps.db, userId) : undefined;
  if (!row) throw new AppError('UNAUTHORIZED', MESSAGES.tokenFailed);
  return row;
}

/**
 * The user behind an Authorization header on a public route, or undefined. A missing or stale token does
 * not block a public action; it only means the action is not tied to an account.
 */
export async function authenticateIfSent(
  deps: AuthenticateDeps,
  authorization: string | undefined,
): Promise<UserRow | undefined> {
  if (!authorization) return undefined;
  try {
    return await authenticate(deps, authorization);
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
