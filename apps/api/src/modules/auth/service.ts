import { eq } from 'drizzle-orm';

import {
  AUTH_MESSAGES,
  MESSAGES,
  todayInTimeZone,
  type ChangePasswordInput,
  type LoginInput,
  type LoginResult,
  type LoginTwoFactorInput,
  type SetupInput,
  type SignupInput,
  type UpdatePreferencesInput,
  type User,
} from '@paisable/contracts';

import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findUserRow, forgetUserRow, type Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { createFirstAccount, setAccountsCurrency } from '../accounts/service';
import { redeemSignInChallenge, startSignInChallenge } from '../two-factor/challenge';
import { checkSecondFactor } from '../two-factor/second-factor';
import { isTwoFactorOn } from '../two-factor/service';
import { cancelScheduledErase } from '../users/erase-schedule';
import { guardAuthAttempt } from './attempts';
import { checkPassword } from './check-password';
import { hashPassword } from './password';
import { deleteOtherSessions, forgetSessions, startSession } from './sessions';

type AuthDeps = Pick<AppDeps, 'db' | 'now' | 'limits' | 'secrets' | 'mail'>;
type Owned = { userId: string };

/** Who signs up or logs in, and from where (counted against the attempt limits). */
export type SignupParams = SignupInput & { client: Client };
export type LoginParams = LoginInput & { client: Client };
export type SetupParams = SetupInput & Owned;
export type UpdatePreferencesParams = UpdatePreferencesInput & Owned;

export async function signup(deps: AuthDeps, { email, password, timeZone, client }: SignupParams) {
  const { db } = deps;
  await guardAuthAttempt(deps, { action: 'signup', email, client });
  const passwordHash = await hashPassword(password);
  // The user and their first account together: every user has an account for their rows to go to.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(users)
      .values({ email, passwordHash, ...(timeZone ? { timeZone } : {}) })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!inserted) throw new AppError('CONFLICT', MESSAGES.userExists);
    const openingDate = todayInTimeZone(inserted.timeZone, deps.now());
    await createFirstAccount(
      { db: tx },
      { userId: inserted.id, currency: inserted.defaultCurrency, openingDate },
    );
    return inserted;
  });
  return { token: await startSession(deps, { userId: row.id, client }), user: toUser(row) };
}

/**
 * Signs in with the password: a session, or, when the account has two-factor sign-in, a challenge that the
 * code step (`loginWithCode`) trades for one. Accounts without it get exactly what they always got.
 */
export async function login(deps: AuthDeps, { email, password, client }: LoginParams): Promise<LoginResult> {
  const { db } = deps;
  await guardAuthAttempt(deps, { action: 'login', email, client });
  const row = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!(await checkPassword(deps, { email, row, password, client })) || !row) {
    throw new AppError('UNAUTHORIZED', MESSAGES.invalidCredentials);
  }
  if (await isTwoFactorOn(deps, { userId: row.id })) {
    return { twoFactorRequired: true, challenge: await startSignInChallenge(deps, { userId: row.id }) };
  }
  return finishSignIn(deps, { row, client });
}

export type LoginWithCodeParams = LoginTwoFactorInput & { client: Client };

/** The second step of a sign-in with two-factor: the challenge from the password step and a code. */
export async function loginWithCode(deps: AuthDeps, params: LoginWithCodeParams) {
  const row = await redeemSignInChallenge(deps, params);
  return finishSignIn(deps, { row, client: params.client });
}

async function finishSignIn(deps: AuthDeps, { row, client }: { row: UserRow; client: Client }) {
  // Signing in (with every factor) within the grace period cancels an erase asked without the password.
  if (row.eraseAfter) await cancelScheduledErase(deps, { userId: row.id });
  return { token: await startSession(deps, { userId: row.id, client }), user: toUser(row) };
}

export type ChangePasswordParams = ChangePasswordInput & {
  userId: string;
  sessionId: string;
  client: Client;
};

/**
 * Sets a new password after checking the current one (counted against the login limits, so it cannot be
 * used to guess) and, with two-factor sign-in on, a code; and ends every other session in the same transaction: whoever else held a token is out.
 */
export async function changePassword(
  deps: AuthDeps,
  { userId, sessionId, currentPassword, newPassword, code, client }: ChangePasswordParams,
) {
  const row = await findUserRow(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  await guardAuthAttempt(deps, { action: 'login', email: row.email, client });
  // 400, not 401: the session is valid, only the confirmation is wrong (a 401 would sign the user out).
  if (!(await checkPassword(deps, { email: row.email, row, password: currentPassword, client }))) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.wrongCurrentPassword);
  }
  await checkSecondFactor(deps, { user: row, code, client });
  const passwordHash = await hashPassword(newPassword);
  const ended = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    return deleteOtherSessions({ db: tx }, { userId, keep: sessionId });
  });
  forgetUserRow(deps.db, userId);
  forgetSessions(deps.db, ended);
  return { message: AUTH_MESSAGES.passwordChanged };
}

export async function completeSetup(
  { db }: Pick<AppDeps, 'db'>,
  { userId, defaultCurrency, timeZone }: SetupParams,
) {
  return updateUser(db, userId, {
    defaultCurrency,
    isSetupComplete: true,
    ...(timeZone ? { timeZone } : {}),
  });
}

export async function updatePreferences(
  { db }: Pick<AppDeps, 'db'>,
  { userId, ...changes }: UpdatePreferencesParams,
) {
  // Nothing to change is not an error: the client gets the user as they are.
  if (changes.defaultCurrency === undefined && changes.timeZone === undefined) {
    const row = await findUserRow(db, userId);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return toUser(row);
  }
  return updateUser(db, userId, changes);
}

async function updateUser(db: Database, userId: string, changes: Partial<UserRow>): Promise<User> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
    if (updated && changes.defaultCurrency) {
      await setAccountsCurrency({ db: tx }, { userId, currency: changes.defaultCurrency });
    }
    return updated;
  });
  forgetUserRow(db, userId); // the next request of this process sees the change (lib/authenticate.ts)
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toUser(row);
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    defaultCurrency: row.defaultCurrency,
    isSetupComplete: row.isSetupComplete,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}
