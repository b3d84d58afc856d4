import { describe, expect, it } from 'vitest';

import { payees, transactions } from '../../src/db/schema';
import { FEW_MATCHES } from '../../src/modules/transactions/search';
import { createTestDeps } from '../helpers';
import { seedUserWithCaller } from '../transaction-fixtures';

const deps = createTestDeps();

type Row = { id: string; name: string; occurredOn: string; amountCents: number };

/** The list's order, newest day first; rows of one insert share their entry time, so ties fall to the id. */
const newestFirst = (a: Row, b: Row) =>
  b.occurredOn.localeCompare(a.occurredOn) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const day = (n: number) => new Date(Date.UTC(2019, 0, 1 + n)).toISOString().slice(0, 10);

/**
 * A search is read two ways (transactions/search.ts): up to FEW_MATCHES matches are fetched and sorted whole,
 * more walk the list's order. Either way a user must see the same rows in the same order, ties included.
 */
describe('a search shows the same rows in the same order, with few matches or many', async () => {
  const { user, caller, accountId } = await seedUserWithCaller(deps);
  const [payee] = await deps.db
    .insert(payees)
    .values({ userId: user.id, name: 'Quokka Trading', key: 'quokka trading' })
    .returning({ id: payees.id });
  // More "Corner Café" rows than are sorted whole, ten per day (ties on the day), among other rows.
  const cafes = FEW_MATCHES + 1;
  const rows: Row[] = await deps.db
    .insert(transactions)
    .values(
      Array.from({ length: cafes + 600 }, (_, n) => ({
        userId: user.id,
        accountId,
        name: n < cafes ? `Corner Café ${n}` : `Shop ${n}`,
        category: 'Food',
        amountCents: 100 + ((n * 7_919) % 9_000),
        occurredOn: day(Math.floor(n / 10)),
      })),
    )
    .returning();
  // A rare word, once in a name, once in a note and once as the payee's name, on the oldest days (two tied),
  // and once in a deleted row.
  const rare = await deps.db
    .insert(transactions)
    .values(
      [
        { name: 'Quokka Café', note: '', occurredOn: '2018-01-02' },
        { name: 'Zoo shop', note: 'gift from the QUOKKA shop', occurredOn: '2018-01-01' },
        { name: 'Bank transfer', note: '', occurredOn: '2018-01-01', payeeId: payee?.id },
        { name: 'Quokka plush', note: '', occurredOn: '2018-01-03', deletedAt: new Date() },
      ].map((fields) => ({ userId: user.id, accountId, category: 'Fun', amountCents: 500, ...fields })),
    )
    .returning();
  // Another user's row with the word: never in this user's results.
  const other = await seedUserWithCaller(deps);
  await other.caller.transactions.create({ name: 'Quokka', category: 'Fun', amount: 5, date: '2018-01-05' });

  const ids = async (input: Parameters<typeof caller.transactions.list>[0]) => {
    const page = await caller.transactions.list(input);
    return { ids: page.items.map((item) => item.id), total: page.total };
  };

  it('finds a rare word in a name, a note and a payee, newest first, ties by entry, and nothing deleted', async () => {
    // The name's row is the newest; the note's and the payee's share a day, so the id orders them.
    const expected = [...rare.slice(0, 1), ...rare.slice(1, 3).sort(newestFirst)].map((row) => row.id);
    expect(await ids({ search: 'quokka', limit: 10 })).toEqual({ ids: expected, total: 3 });
    expect(await ids({ search: 'quokka', limit: 10, order: 'asc' })).toEqual({
      ids: [...expected].reverse(),
      total: 3,
    });
    expect(await other.caller.transactions.list({ search: 'quokka' })).toMatchObject({ total: 1 });
  });

  it('pages a common word in the list order, first, middle and last page, on both sides of the threshold', async () => {
    const largestFirst = (a: Row, b: Row) => b.amountCents - a.amountCents || newestFirst(a, b);
    const pagesOf = async (matching: Row[]) => {
      for (const [sort, order] of [
        [undefined, newestFirst],
        ['amount', largestFirst],
      ] as const) {
        const sorted = [...matching].sort(order).map((row) => row.id);
        const last = Math.ceil(sorted.length / 100);
        for (const page of [1, 5, last]) {
          expect(await ids({ search: 'corner cafe', sort, limit: 100, page })).toEqual({
            ids: sorted.slice((page - 1) * 100, page * 100),
            total: sorted.length,
          });
        }
      }
    };
    // FEW_MATCHES + 1 matches: the page walks the list's order.
    const cafeRows = rows.filter((row) => row.name.startsWith('Corner Café'));
    await pagesOf(cafeRows);
    // One deleted: FEW_MATCHES, sorted whole.
    const [gone, ...kept] = cafeRows;
    if (!gone) throw new Error('no rows inserted');
    await caller.transactions.delete({ id: gone.id });
    await pagesOf(kept);
  });
});
