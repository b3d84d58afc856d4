import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { transactions } from '../../src/db/schema';
import { purgeDeletedTransactionsJob } from '../../src/modules/transactions/job';
import { purgeDeletedTransactions } from '../../src/modules/transactions/purge';
import { deleteTransaction } from '../../src/modules/transactions/service';
import { createTestDeps, seedUser } from '../helpers';

const deps = createTestDeps();
const DAY = 24 * 60 * 60 * 1000;

/** Three rows of a fresh user: one live, one deleted 31 days before `now`, one deleted 29 days before. */
async function seedRows(now: Date) {
  const { user, accountId } = await seedUser(deps);
  const rows = await deps.db
    .insert(transactions)
    .values(
      ['live', 'old', 'recent'].map((name) => ({
        userId: user.id,
        accountId,
        name,
        category: 'Food',
        amountCents: 100,
        occurredOn: '2025-01-01',
      })),
    )
    .returning();
  const [live, old, recent] = rows.map((row) => row.id);
  if (!live || !old || !recent) throw new Error('seed failed');
  await deleteTransaction(
    { db: deps.db, now: () => new Date(now.getTime() - 31 * DAY) },
    { userId: user.id, id: old },
  );
  await deleteTransaction(
    { db: deps.db, now: () => new Date(now.getTime() - 29 * DAY) },
    { userId: user.id, id: recent },
  );
  return { user, live, old, recent };
}

async function remainingNames(userId: string) {
  const rows = await deps.db
    .select({ name: transactions.name })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  return rows.map((row) => row.name).sort();
}

describe('purgeDeletedTransactions', () => {
  // The purge is global, and other test files soft-delete rows in parallel (dated 2025 or today): every
  // clock here lies in 2000, so its 30-day cutoff can only ever reach the rows these tests deleted.
  const now = new Date('2000-07-01T00:00:00Z');

  it('hard-deletes only rows soft-deleted more than 30 days ago, and is safe to run twice', async () => {
    const { user } = await seedRows(now);
    const first = await purgeDeletedTransactions({ db: deps.db, now: () => now });
    expect(first.purgedCount).toBeGreaterThanOrEqual(1);
    expect(await remainingNames(user.id)).toEqual(['live', 'recent']);
    expect(await purgeDeletedTransactions({ db: deps.db, now: () => now })).toEqual({ purgedCount: 0 });
    expect(await remainingNames(user.id)).toEqual(['live', 'recent']);
  });

  it('keeps a row deleted exactly 30 days ago until it is older', async () => {
    const { user, accountId } = await seedUser(deps);
    const [row] = await deps.db
      .insert(transactions)
      .values({
        userId: user.id,
        accountId,
        name: 'edge',
        category: 'Food',
        amountCents: 1,
        occurredOn: '2025-01-01',
      })
      .returning();
    if (!row) throw new Error('seed failed');
    const later = new Date('2000-09-01T00:00:00Z');
    await deleteTransaction(
      { db: deps.db, now: () => new Date(later.getTime() - 30 * DAY) },
      { userId: user.id, id: row.id },
    );
    await purgeDeletedTransactions({ db: deps.db, now: () => later });
    expect(await remainingNames(user.id)).toEqual(['edge']);
    await purgeDeletedTransactions({ db: deps.db, now: () => new Date(later.getTime() + 1) });
    expect(await remainingNames(user.id)).toEqual([]);
  });

  it('works through a backlog larger than one batch', async () => {
    const backlogNow = new Date('2000-12-01T00:00:00Z');
    const { user, accountId } = await seedUser(deps);
    await deps.db.insert(transactions).values(
      Array.from({ length: 7 }, (_, i) => ({
        userId: user.id,
        accountId,
        name: `gone ${i}`,
        category: 'Food',
        amountCents: 1,
        occurredOn: '2025-01-01',
        deletedAt: new Date(backlogNow.getTime() - 60 * DAY),
      })),
    );
    await purgeDeletedTransactions({ db: deps.db, now: () => backlogNow }, { batchSize: 3 });
    expect(await remainingNames(user.id)).toEqual([]);
  });
});

describe('the purge job', () => {
  it('runs daily and calls the purge with the injected clock', async () => {
    expect(purgeDeletedTransactionsJob.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    const jobNow = new Date('2001-03-01T00:00:00Z');
    const { user } = await seedRows(jobNow);
    const payload = purgeDeletedTransactionsJob.payload.parse({});
    await purgeDeletedTransactionsJob.handle({ ...deps, now: () => jobNow }, payload);
    expect(await remainingNames(user.id)).toEqual(['live', 'recent']);
  });
});
