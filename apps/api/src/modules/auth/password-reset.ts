import { and, eq, gt, isNull, lt } from 'drizzle-orm';

import { AUTH_MESSAGES, tooManyAttemptsMessage } from '@paisable/contracts';

import { passwordResets, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forgetUserRow, type Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { hashSecret, newSessionSecret, parseToken, sameHash, sessionToken } from '../../lib/sessions';
import { sendInBackground, type Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/messages';
import { consumeAttempt } from '../rate-limits/service';
import { guardAuthAttempt } from './attempts';
import { hashPassword } from './password';
import { deleteOtherSessions, forgetSessions } from './sessions';

/**
 * A link works for 30 minutes: long enough for a slow mail server and a user who reads mail on another
 * device, short enough that a link found later in a mailbox (a shared computer, a forwarded message)
 * is useless. It works once.
 */
export const RESET_LINK_LIFETIME_MS = 30 * 60 * 1000;
const HOUR_SECONDS = 60 * 60;
/** Mails to one address per hour: enough for a lost first mail, too few to flood someone's inbox. */
export const RESET_MAILS_PER_ACCOUNT = 3;
/** Requests from one network address per hour, over all addresses asked about. */
export const RESET_REQUESTS_PER_ADDRESS = 10;

type ResetDeps = Pick<AppDeps, 'db' | 'now' | 'limits' | 'mail'>;

export function passwordResetAvailable({ mail }: Pick<AppDeps, 'mail'>) {
  return { available: mail !== undefined };
}

/**
 * "Forgot password?": e-mails a single-use link when the address has an account. The answer is the same
 * either way and comes before the lookup and the mail (both run after it), so neither its text nor its
 * timing says whether an account exists. Past the per-address limit the request is refused (429); past
 * the per-account limit no more mail goes out that hour, with the same answer, so the limit says nothing
 * about the account either.
 */
export async function requestPasswordReset(
  deps: ResetDeps,
  { email, client }: { email: string; client: Client },
) {
  const mail = requireMail(deps);
  const at = deps.now();
  const perAddress = await consumeAttempt(deps, {
    key: `reset-ip:${client.ip}`,
    limit: RESET_REQUESTS_PER_ADDRESS,
    windowSeconds: HOUR_SECONDS,
    at,
  });
  if (!perAddress.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(perAddress.retryAfterSeconds), {
      retryAfterSeconds: perAddress.retryAfterSeconds,
    });
  }
  const perAccount = await consumeAttempt(deps, {
    key: `reset-mail:${email}`,
    limit: RESET_MAILS_PER_ACCOUNT,
    windowSeconds: HOUR_SECONDS,
    at,
  });
  if (perAccount.allowed) {
    void mailResetLink(deps, mail, { email }).catch((error: unknown) => {
      console.error('[paisable] a password reset link was not made:', error);
    });
  }
  return { message: AUTH_MESSAGES.resetRequested };
}

async function mailResetLink({ db, now }: ResetDeps, mail: Mailer, { email }: { email: string }) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return;
  const { secret, tokenHash } = newSessionSecret();
  const at = now();
  const [row] = await db
    .insert(passwordResets)
    .values({
      userId: user.id,
      tokenHash,
      createdAt: at,
      expiresAt: new Date(at.getTime() + RESET_LINK_LIFETIME_MS),
    })
    .returning({ id: passwordResets.id });
  if (!row) throw new Error('The reset link was not stored.');
  // The token travels in the fragment (#), which browsers never send: it stays out of server and proxy logs.
  const link = `${mail.appUrl}/reset-password#token=${sessionToken(row.id, secret)}`;
  sendInBackground(mail, {
    to: email,
    ...passwordResetMail({ link, minutes: RESET_LINK_LIFETIME_MS / 60_000 }),
  });
}

export type ResetPasswordParams = { token: string; newPassword: string; client: Client };

/**
 * The reset page: a link not used and not expired sets the new password, uses up every link of the account
 * and ends every session, in one transaction. Two-factor sign-in stays on: the next sign-in still asks the
 * code, so a mailbox alone does not open the account.
 */
export async function resetPassword(deps: ResetDeps, { token, newPassword, client }: ResetPasswordParams) {
  requireMail(deps);
  // Counted like a sign-up (per address): the token has 256 random bits, but nobody gets to try many.
  await guardAuthAttempt(deps, { action: 'signup', email: '', client });
  const parsed = parseToken(token);
  if (!parsed) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetLinkInvalid);
  const at = deps.now();
  const [link] = await deps.db
    .select()
    .from(passwordResets)
    .where(
      and(eq(passwordResets.id, parsed.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, at)),
    );
  if (!link || !sameHash(hashSecret(parsed.secret), link.tokenHash)) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetLinkInvalid);
  }
  const passwordHash = await hashPassword(newPassword);
  const ended = await deps.db.transaction(async (tx) => {
    // Taking the link is the guard against two requests with it at once: only one finds it unused.
    const taken = await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.id, link.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (taken.length === 0) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetLinkInvalid);
    await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.userId, link.userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, link.userId));
    return deleteOtherSessions({ db: tx }, { userId: link.userId });
  });
  forgetUserRow(deps.db, link.userId);
  forgetSessions(deps.db, ended);
  return { message: AUTH_MESSAGES.passwordReset };
}

/** Removes links past their 30 minutes, used or not (hourly, with the ended sessions): they work no more. */
export async function purgeEndedResetLinks({ db, now }: Pick<AppDeps, 'db' | 'now'>) {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, now()));
}

function requireMail({ mail }: Pick<AppDeps, 'mail'>) {
  // 404: the feature does not exist on this server (no SMTP), as if the route were not there.
  if (!mail) throw new AppError('NOT_FOUND', AUTH_MESSAGES.resetUnavailable);
  return mail;
}
