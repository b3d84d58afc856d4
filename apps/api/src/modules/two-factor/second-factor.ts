import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';

import { AUTH_MESSAGES } from '@paisable/contracts';

import { recoveryCodes, twoFactor, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import {
  countPasswordFailure,
  countWrongCode,
  guardCodeAttempt,
  guardPasswordFailures,
} from '../auth/attempts';
import { normalizeRecoveryCode, recoveryCodeMatches } from './recovery-codes';
import { looksLikeTotp, matchTotp } from './totp';

type SecondFactorDeps = Pick<AppDeps, 'db' | 'now' | 'limits' | 'secrets'>;

export type VerifyCodeParams = { user: UserRow; code: string; client: Client };

/**
 * Whether `code` is the user's: a TOTP code (this step ± 1, newer than the last one accepted) or an unused
 * recovery code, which is used up by this. Guarded and counted like a password (auth/attempts.ts): per address
 * and per account and address, and wrong codes add to the account's wrong passwords, so guessing a 6-digit code (3 right answers in a million) is held to
 * 20 tries a quarter hour for the whole account, and every sign-in needs the password first anyway.
 */
export async function verifySecondFactor(deps: SecondFactorDeps, { user, code, client }: VerifyCodeParams) {
  await guardCodeAttempt(deps, { email: user.email, client });
  await guardPasswordFailures(deps, { email: user.email, userId: user.id, client });
  const right = looksLikeTotp(code)
    ? await useTotpCode(deps, { user, code })
    : await useRecoveryCode(deps, { user, code });
  if (!right) {
    await countWrongCode(deps, { email: user.email, client });
    await countPasswordFailure(deps, { email: user.email });
  }
  return right;
}

async function useTotpCode(
  { db, now, secrets }: SecondFactorDeps,
  { user, code }: { user: UserRow; code: string },
) {
  const [row] = await db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, user.id), isNotNull(twoFactor.enabledAt)));
  if (!row) return false;
  let secret: string;
  try {
    secret = secrets.open(row.sealedSecret);
  } catch {
    // Sealed with another server key (SECRET_KEY changed, secret.key lost): only recovery codes work now.
    return false;
  }
  const step = await matchTotp({ secret, code, at: now(), afterStep: row.lastStep });
  if (step === undefined) return false;
  // Two requests with the same code at once: only one moves the step forward, the other is a replay.
  const moved = await db
    .update(twoFactor)
    .set({ lastStep: step })
    .where(and(eq(twoFactor.userId, user.id), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
    .returning({ userId: twoFactor.userId });
  return moved.length > 0;
}

async function useRecoveryCode(
  { db, now }: SecondFactorDeps,
  { user, code }: { user: UserRow; code: string },
) {
  if (!normalizeRecoveryCode(code)) return false;
  const unused = await db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  const match = unused.find((stored) => recoveryCodeMatches(code, stored));
  if (!match) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now() })
    .where(
      and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export type CheckSecondFactorParams = { user: UserRow; code: string | undefined; client: Client };

/**
 * Re-authentication for a sensitive change (password, account erase, turning two-factor off): when the user
 * has two-factor sign-in, a right code is needed as well as the password. 400 on a missing or wrong code,
 * since the session itself is fine.
 */
export async function checkSecondFactor(
  deps: SecondFactorDeps,
  { user, code, client }: CheckSecondFactorParams,
) {
  const [on] = await deps.db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, user.id), isNotNull(twoFactor.enabledAt)));
  if (!on) return;
  if (!code) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.twoFactorCodeRequired);
  if (!(await verifySecondFactor(deps, { user, code, client }))) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.wrongTwoFactorCode);
  }
}
