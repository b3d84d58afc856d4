import type { ContactInput } from '@paisable/contracts';
import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT } from '@paisable/contracts';
import { and, count, eq, gte, or, sql } from 'drizzle-orm';

import { contactMessages } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';

type ContactDeps = Pick<AppDeps, 'db' | 'now'>;

export type ContactSender = {
  /** The signed-in user, when there is one: their messages go with their account. */
  userId?: string;
  /** The network address the request came from; with the e-mail it bounds how much one sender can send. */
  clientIp?: string;
};

/**
 * Stores a message from the contact page. The page is public, so one sender (by e-mail or by network
 * address) may send at most CONTACT_RATE_LIMIT.messages per window; more is a 429 that stores nothing.
 * The count lives in PostgreSQL, so the limit holds across several API processes.
 */
export async function sendContactMessage(
  { db, now }: ContactDeps,
  input: ContactInput,
  sender: ContactSender,
) {
  return db.transaction(async (tx) => {
    // Two requests from one sender at once must not both slip under the limit: serialise them.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`contact:${sender.clientIp ?? input.email}`}))`,
    );
    const since = new Date(now().getTime() - CONTACT_RATE_LIMIT.windowMinutes * 60_000);
    const sameSender = sender.clientIp
      ? or(eq(contactMessages.email, input.email), eq(contactMessages.clientIp, sender.clientIp))
      : eq(contactMessages.email, input.email);
    const [recent] = await tx
      .select({ value: count() })
      .from(contactMessages)
      .where(and(sameSender, gte(contactMessages.createdAt, since)));
    if ((recent?.value ?? 0) >= CONTACT_RATE_LIMIT.messages) {
      throw new AppError('TOO_MANY_REQUESTS', CONTACT_MESSAGES.tooMany);
    }
    const [row] = await tx
      .insert(contactMessages)
      .values({
        ...input,
        userId: sender.userId ?? null,
        clientIp: sender.clientIp ?? null,
        createdAt: now(),
      })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('The contact message was not stored');
    return { id: row.id, message: CONTACT_MESSAGES.sent };
  });
}
