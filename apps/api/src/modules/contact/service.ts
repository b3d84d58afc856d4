import { CONTACT_MESSAGES, CONTACT_RATE_LIMIT, type ContactInput } from '@paisable/contracts';

import { contactMessages } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Client } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { consumeAttempt, type RateLimit } from '../rate-limits/service';

type ContactDeps = Pick<AppDeps, 'db' | 'now'>;

export type ContactParams = ContactInput & {
  /** The signed-in user, when there is one: their messages go with their account. */
  userId?: string | undefined;
  /** Where the request came from: only counted for the rate limit, never stored with the message. */
  client: Client;
};

/**
 * Stores a message from the contact page. The page is public, so one e-mail address and one network
 * address may each send at most CONTACT_RATE_LIMIT.messages per window; more is a 429 that stores nothing.
 * The counters are the shared rate limits in PostgreSQL, so the limit holds across several API processes.
 */
export async function sendContactMessage(
  { db, now }: ContactDeps,
  { userId, client, ...input }: ContactParams,
) {
  const at = now();
  const windowSeconds = CONTACT_RATE_LIMIT.windowMinutes * 60;
  const checks: RateLimit[] = [
    { key: `contact-email:${input.email}`, limit: CONTACT_RATE_LIMIT.messages, windowSeconds },
    { key: `contact-ip:${client.ip}`, limit: CONTACT_RATE_LIMIT.messages, windowSeconds },
  ];
  for (const check of checks) {
    const verdict = await consumeAttempt({ db }, { ...check, at });
    if (!verdict.allowed) {
      throw new AppError('TOO_MANY_REQUESTS', CONTACT_MESSAGES.tooMany, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  }
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, userId: userId ?? null, createdAt: at })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('The contact message was not stored');
  return { id: row.id, message: CONTACT_MESSAGES.sent };
}
