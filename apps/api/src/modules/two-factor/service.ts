import { and, count, eq, isNotNull, isNull, lt } from 'drizzle-orm';

import { AUTH_MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { recoveryCodes, twoFactor, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findUserRow, type Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { countWrongCode, guardAuthAttempt, guardCodeAttempt } from '../auth/attempts';
import { checkPassword } from '../auth/check-password';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { checkSecondFactor } from './second-factor';
import { matchTotp, newTotpSecret, totpUri } from './totp';

type TwoFactorDeps = Pick<AppDeps, 'db' | 'now' | 'limits' | 'secrets'>;
type Owned = { userId: string };

/** Whether the user's sign-in asks for a code, and how many recovery codes they have left. */
export async function twoFactorStatus(
  { db }: Pick<AppDeps, 'db'>,
  { userId }: Owned,
): Promise<TwoFactorStatus> {
  const enabled = await isTwoFactorOn({ db }, { userId });
  if (!enabled) return { enabled, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: left?.n ?? 0 };
}

export async function isTwoFactorOn({ db }: { db: Queryable }, { userId }: Owned) {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return row !== undefined;
}

/**
 * Step one of turning it on: a new secret for the authenticator app, kept sealed and not yet asked at
 * sign-in. Asking again replaces it (a QR code scanned by nobody changes nothing).
 */
export async function startTwoFactorSetup(
  { db, secrets }: Pick<AppDeps, 'db' | 'secrets'>,
  { userId }: Owned,
): Promise<TwoFactorSetup> {
  const user = await findUserRow(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  if (await isTwoFactorOn({ db }, { userId }))
    throw new AppError('CONFLICT', AUTH_MESSAGES.twoFactorAlreadyOn);
  const secret = newTotpSecret();
  const sealedSecret = secrets.seal(secret);
  await db
    .insert(twoFactor)
    .values({ userId, sealedSecret })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { sealedSecret, lastStep: null, createdAt: new Date() },
    });
  return { secret, uri: totpUri({ email: user.email, secret }) };
}

export type EnableTwoFactorParams = Owned & { code: string; client: Client };

/**
 * Step two: a code from the app proves it holds the secret; from then on sign-in asks for a code. The 10
 * recovery codes are returned this once (only their hashes are kept). Wrong codes count against the
 * sign-in limits of the address and the account (auth/attempts.ts).
 */
export async function enableTwoFactor(deps: TwoFactorDeps, { userId, code, client }: EnableTwoFactorParams) {
  const user = await findUserRow(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  await guardCodeAttempt(deps, { email: user.email, client });
  const [row] = await deps.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.twoFactorNotStarted);
  if (row.enabledAt) throw new AppError('CONFLICT', AUTH_MESSAGES.twoFactorAlreadyOn);
  const step = await matchTotp({
    secret: deps.secrets.open(row.sealedSecret),
    code,
    at: deps.now(),
    afterStep: row.lastStep,
  });
  if (step === undefined) {
    await countWrongCode(deps, { email: user.email, client });
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.wrongTwoFactorCode);
  }
  const codes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    // Only a setup not yet confirmed is confirmed: two confirmations at once give one set of codes.
    const confirmed = await tx
      .update(twoFactor)
      .set({ enabledAt: deps.now(), lastStep: step })
      .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId });
    if (confirmed.length === 0) throw new AppError('CONFLICT', AUTH_MESSAGES.twoFactorAlreadyOn);
    await replaceRecoveryCodes({ db: tx }, { userId, codes });
  });
  return { message: AUTH_MESSAGES.twoFactorEnabled, recoveryCodes: codes };
}

async function replaceRecoveryCodes(
  { db }: { db: Queryable },
  { userId, codes }: Owned & { codes: string[] },
) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, ...hashRecoveryCode(code) })));
}

export type DisableTwoFactorParams = Owned & { password: string; code: string; client: Client };

/** Turning it off asks for the password and a code (or a recovery code): a session left open is not enough. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  { userId, password, code, client }: DisableTwoFactorParams,
) {
  const user = await confirmPassword(deps, { userId, password, client });
  if (!(await isTwoFactorOn(deps, { userId })))
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.twoFactorNotOn);
  await checkSecondFactor(deps, { user, code, client });
  await removeTwoFactor(deps, { userId });
  return { message: AUTH_MESSAGES.twoFactorDisabled };
}

export type RegenerateRecoveryCodesParams = DisableTwoFactorParams;

/**
 * Ten new recovery codes, shown this once; the old ones, used or not, stop working at once (a list seen by
 * someone else, or nearly used up). Asks the password and a code, like turning it off.
 */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  { userId, password, code, client }: RegenerateRecoveryCodesParams,
) {
  const user = await confirmPassword(deps, { userId, password, client });
  if (!(await isTwoFactorOn(deps, { userId })))
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.twoFactorNotOn);
  await checkSecondFactor(deps, { user, code, client });
  const codes = newRecoveryCodes();
  await deps.db.transaction((tx) => replaceRecoveryCodes({ db: tx }, { userId, codes }));
  return { message: AUTH_MESSAGES.recoveryCodesRegenerated, recoveryCodes: codes };
}

/** Removes the secret and the recovery codes (turning it off; the operator's command). */
export async function removeTwoFactor({ db }: { db: Queryable }, { userId }: Owned) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const removed = await db.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning();
  return removed.some((row) => row.enabledAt !== null);
}

/**
 * The password asked again before a sensitive change (counted against the sign-in limits). 400, not 401: the
 * session is valid, only the confirmation is wrong (a 401 would sign the user out).
 */
export async function confirmPassword(
  deps: Pick<AppDeps, 'db' | 'now' | 'limits'>,
  { userId, password, client }: Owned & { password: string; client: Client },
): Promise<UserRow> {
  const user = await findUserRow(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  await guardAuthAttempt(deps, { action: 'login', email: user.email, client });
  if (!(await checkPassword(deps, { email: user.email, row: user, password, client }))) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.wrongCurrentPassword);
  }
  return user;
}

/** Setups never confirmed within a day are dropped (hourly, with the sessions' purge): a QR code left unscanned. */
export async function purgeUnconfirmedSetups({ db, now }: Pick<AppDeps, 'db' | 'now'>) {
  const dayAgo = new Date(now().getTime() - 24 * 60 * 60 * 1000);
  await db.delete(twoFactor).where(and(isNull(twoFactor.enabledAt), lt(twoFactor.createdAt, dayAgo)));
}
