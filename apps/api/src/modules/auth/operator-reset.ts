import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';

import { normalizeEmail, passwordProblem } from '@paisable/contracts';

import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forgetUserRow } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { removeTwoFactor } from '../two-factor/service';
import { hashPassword } from './password';
import { deleteOtherSessions, forgetSessions } from './sessions';

/** A one-off password under the sign-up rules (16 characters: 12 random, then a letter, a digit, a symbol). */
export function temporaryPassword(): string {
  const password = `${randomBytes(9).toString('base64url').slice(0, 12)}Q7#x`;
  if (passwordProblem(password)) throw new Error('The temporary password breaks the sign-up rules.');
  return password;
}

/**
 * The operator's reset (`paisable-admin reset-password EMAIL`) where no e-mail can be sent: a temporary
 * password the operator hands over, and every session of the account ended. The user changes it in Settings.
 */
export async function resetPasswordAsOperator({ db }: Pick<AppDeps, 'db'>, { email }: { email: string }) {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const { userId, ended } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.email, normalizeEmail(email)))
      .returning({ id: users.id });
    if (!row) throw new AppError('NOT_FOUND', `No account has the e-mail ${email}.`);
    return { userId: row.id, ended: await deleteOtherSessions({ db: tx }, { userId: row.id }) };
  });
  forgetUserRow(db, userId);
  forgetSessions(db, ended);
  return { temporaryPassword: password, sessionsEnded: ended.length };
}

/**
 * The operator's way back in for a user who lost the phone and the recovery codes
 * (`paisable-admin disable-two-factor EMAIL`): the password alone signs in again. Says whether it was on.
 */
export async function disableTwoFactorAsOperator({ db }: Pick<AppDeps, 'db'>, { email }: { email: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!row) throw new AppError('NOT_FOUND', `No account has the e-mail ${email}.`);
  return removeTwoFactor({ db }, { userId: row.id });
}
