import { and, eq, isNotNull, lte } from 'drizzle-orm';

import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forgetUserRow } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { deleteOtherSessions, forgetSessions } from '../auth/sessions';
import { sendInBackground } from '../mail/mailer';
import { eraseCancelledMail, eraseScheduledMail } from '../mail/messages';
import { deleteAccount } from './service';

/**
 * How long an erase asked without the password waits: 14 days. Someone holding only a stolen token can
 * sign the owner out and ask for the erase, but the owner, signed out everywhere at once, notices and has
 * two weeks (a holiday) to sign in with the password, which cancels it.
 */
export const ERASE_GRACE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The original client's deletion (a token, no password): every session ends at once and the account is
 * erased after the grace period, unless its owner signs in with the password before then. With SMTP set up
 * the owner is told by e-mail, so a thief's erase does not go unnoticed.
 */
export async function scheduleErase(
  deps: Pick<AppDeps, 'db' | 'now' | 'mail'>,
  { userId }: { userId: string },
) {
  const eraseAfter = new Date(deps.now().getTime() + ERASE_GRACE_MS);
  const { email, ended } = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ eraseAfter })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!updated) throw new AppError('NOT_FOUND', 'User not found');
    return { email: updated.email, ended: await deleteOtherSessions({ db: tx }, { userId }) };
  });
  forgetUserRow(deps.db, userId);
  forgetSessions(deps.db, ended);
  if (deps.mail) {
    const day = eraseAfter.toISOString().slice(0, 10);
    sendInBackground(deps.mail, { to: email, ...eraseScheduledMail({ day, appUrl: deps.mail.appUrl }) });
  }
  return { eraseAfter };
}

/** Signing in with the password keeps the account; the owner is told by e-mail when SMTP is set up. */
export async function cancelScheduledErase(
  { db, mail }: Pick<AppDeps, 'db' | 'mail'>,
  { userId }: { userId: string },
) {
  const [row] = await db
    .update(users)
    .set({ eraseAfter: null })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  forgetUserRow(db, userId);
  if (mail && row) sendInBackground(mail, { to: row.email, ...eraseCancelledMail() });
}

/**
 * Erases every account whose grace period is over (hourly). Safe to run twice: an account already erased is
 * no longer listed, and one erased meanwhile by its owner is skipped.
 */
export async function eraseScheduledAccounts(deps: Pick<AppDeps, 'db' | 'files' | 'now'>) {
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.eraseAfter), lte(users.eraseAfter, deps.now())));
  for (const { id } of due) {
    await deleteAccount(deps, { userId: id }).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    });
  }
  return due.length;
}
