import { and, asc, eq, not } from 'drizzle-orm';

import type { Queryable } from '../../db/client';
import { accounts, users } from '../../db/schema';

/**
 * The currency a rule's amounts are in: its account's, else the user's first open account's (where its
 * occurrences are recorded), else the user's display currency (a user without an open account).
 */
export async function ruleCurrency(
  db: Queryable,
  { userId, accountId }: { userId: string; accountId: string | null | undefined },
): Promise<string> {
  if (accountId) {
    const [own] = await db
      .select({ currency: accounts.currency })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.id, accountId)));
    if (own) return own.currency;
  }
  return defaultRuleCurrency(db, userId);
}

/** The currency of a rule that names no account (see ruleCurrency). */
export async function defaultRuleCurrency(db: Queryable, userId: string): Promise<string> {
  const [first] = await db
    .select({ currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), not(accounts.closed)))
    .orderBy(asc(accounts.position), asc(accounts.createdAt))
    .limit(1);
  if (first) return first.currency;
  const [user] = await db.select({ currency: users.defaultCurrency }).from(users).where(eq(users.id, userId));
  return user?.currency ?? 'USD';
}
