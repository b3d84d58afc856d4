import { and, eq, gt, lt, sql } from 'drizzle-orm';

import { AUTH_MESSAGES } from '@paisable/contracts';

import { signInChallenges, users, type UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { hashSecret, newSessionSecret, parseToken, sameHash, sessionToken } from '../../lib/sessions';
import { verifySecondFactor } from './second-factor';

/**
 * Between the password and the code. 5 minutes is time enough to open the app (or find a recovery code);
 * 5 wrong codes end the challenge, so each right password buys at most 5 guesses at the code.
 */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const CHALLENGE_WRONG_CODES = 5;

/** After a right password at an account with two-factor sign-in: a challenge instead of a session. */
export async function startSignInChallenge(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId }: { userId: string },
) {
  const { secret, tokenHash } = newSessionSecret();
  const [row] = await db
    .insert(signInChallenges)
    .values({ userId, tokenHash, expiresAt: new Date(now().getTime() + CHALLENGE_LIFETIME_MS) })
    .returning({ id: signInChallenges.id });
  if (!row) throw new Error('The sign-in challenge was not created.');
  return sessionToken(row.id, secret);
}

export type RedeemChallengeParams = { challenge: string; code: string; client: Client };

/**
 * The user whose challenge this is, once the code is right; the challenge is used up. A wrong code counts
 * against the sign-in limits like a wrong password (per address, per account and address, and for the
 * account from every address) and against the challenge's own 5.
 */
export async function redeemSignInChallenge(
  deps: Pick<AppDeps, 'db' | 'now' | 'limits' | 'secrets'>,
  { challenge, code, client }: RedeemChallengeParams,
): Promise<UserRow> {
  const expired = () => new AppError('UNAUTHORIZED', AUTH_MESSAGES.signInChallengeExpired);
  const parsed = parseToken(challenge);
  if (!parsed) throw expired();
  const [found] = await deps.db
    .select({ challenge: signInChallenges, user: users })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(and(eq(signInChallenges.id, parsed.id), gt(signInChallenges.expiresAt, deps.now())));
  if (!found || !sameHash(hashSecret(parsed.secret), found.challenge.tokenHash)) throw expired();
  const { user } = found;
  if (!(await verifySecondFactor(deps, { user, code, client }))) {
    await deps.db
      .update(signInChallenges)
      .set({ failures: sql`${signInChallenges.failures} + 1` })
      .where(eq(signInChallenges.id, parsed.id));
    await deps.db
      .delete(signInChallenges)
      .where(
        and(
          eq(signInChallenges.id, parsed.id),
          sql`${signInChallenges.failures} >= ${CHALLENGE_WRONG_CODES}`,
        ),
      );
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.wrongSignInCode);
  }
  // Deleted by whoever redeems it first: a second request with the same challenge gets no session.
  const used = await deps.db
    .delete(signInChallenges)
    .where(eq(signInChallenges.id, parsed.id))
    .returning({ id: signInChallenges.id });
  if (used.length === 0) throw expired();
  return user;
}

/** Challenges past their 5 minutes (hourly): they are refused anyway; this keeps the table small. */
export async function purgeEndedChallenges({ db, now }: Pick<AppDeps, 'db' | 'now'>) {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now()));
}
