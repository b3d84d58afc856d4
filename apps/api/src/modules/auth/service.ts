import type { LoginInput, SetupInput, SignupInput, UpdatePreferencesInput, User } from '@paisable/contracts';
import { MESSAGES } from '@paisable/contracts';
import { eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import type { UserRow } from '../../db/schema';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { guardAuthAttempt, type Client } from './attempts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';

type AuthDeps = Pick<AppDeps, 'db' | 'tokens'>;

export async function signup(deps: AppDeps, { email, password, timeZone }: SignupInput, client: Client) {
  const { db, tokens } = deps;
  await guardAuthAttempt(deps, { action: 'signup', email, client });
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash, ...(timeZone ? { timeZone } : {}) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) throw new AppError('CONFLICT', MESSAGES.userExists);
  return { token: await tokens.issue(row.id), user: toUser(row) };
}

export async function login(deps: AppDeps, { email, password }: LoginInput, client: Client) {
  const { db, tokens } = deps;
  await guardAuthAttempt(deps, { action: 'login', email, client });
  const row = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!row) {
    await verifyAgainstDummy(password);
    throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  }
  return { token: await tokens.issue(row.id), user: toUser(row) };
}

/** The signed-in user of an `Authorization: Bearer <token>` header; a deleted user's token is refused. */
export async function authenticate({ db, tokens }: AuthDeps, authorization: string | undefined) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHORIZED', MESSAGES.noToken);
  const userId = await tokens.verify(match[1]);
  const row = userId ? await findUserRow(db, userId) : undefined;
  if (!row) throw new AppError('UNAUTHORIZED', MESSAGES.tokenFailed);
  return row;
}

export async function completeSetup(db: Database, userId: string, { defaultCurrency, timeZone }: SetupInput) {
  return updateUser(db, userId, {
    defaultCurrency,
    isSetupComplete: true,
    ...(timeZone ? { timeZone } : {}),
  });
}

export async function updatePreferences(db: Database, userId: string, changes: UpdatePreferencesInput) {
  // Nothing to change is not an error: the client gets the user as they are.
  if (changes.defaultCurrency === undefined && changes.timeZone === undefined) {
    const row = await findUserRow(db, userId);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return toUser(row);
  }
  return updateUser(db, userId, changes);
}

async function updateUser(db: Database, userId: string, changes: Partial<UserRow>): Promise<User> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toUser(row);
}

async function findUserRow(db: Database, userId: string) {
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

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    defaultCurrency: row.defaultCurrency as User['defaultCurrency'],
    isSetupComplete: row.isSetupComplete,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The user behind an Authorization header on a public route, or undefined. A missing or stale token does
 * not block a public action; it only means the action is not tied to an account.
 */
export async function optionalUserId(deps: AuthDeps, authorization: string | undefined) {
  if (!authorization) return undefined;
  try {
    return (await authenticate(deps, authorization)).id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') return undefined;
    throw error;
  }
}
