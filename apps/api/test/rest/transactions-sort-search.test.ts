import { describe, expect, it } from 'vitest';

import { TRANSACTION_LIST_MESSAGES } from '@paisable/contracts';

import { createTestApp } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

const { app, deps } = await createTestApp();

async function list(authorization: string, query: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/transactions${query}`,
    headers: { authorization },
  });
  return { status: response.statusCode, body: response.json() };
}

type LegacyRow = { _id: string; name: string; cost: number; category: string; addedOn: string };

async function rows(authorization: string, query: string): Promise<LegacyRow[]> {
  const { status, body } = await list(authorization, query);
  expect(status).toBe(200);
  return body.transactions as LegacyRow[];
}

/** Every page of a query, in order: what a user sees paging through the sorted list. */
async function allPages(authorization: string, query: string, limit = 2): Promise<LegacyRow[]> {
  const seen: LegacyRow[] = [];
  for (let page = 1; page < 20; page++) {
    const pageRows = await rows(authorization, `${query}&limit=${limit}&page=${page}`);
    if (pageRows.length === 0) break;
    seen.push(...pageRows);
  }
  return seen;
}

describe('GET /api/transactions sorted by a column', async () => {
  const { authorization, caller } = await seedUserWithCaller(deps);
  // Ties on purpose: two of 12.00 (different days), two of 12.00 on the same day, names differing in accents.
  await addTransaction(caller, { name: 'Zebra shop', category: 'Shopping', amount: 12, date: '2025-01-05' });
  await addTransaction(caller, { name: 'über ride', category: 'Transport', amount: 3.5, date: '2025-01-06' });
  await addTransaction(caller, { name: 'Apple', category: 'Food', amount: 12, date: '2025-01-07' });
  await addTransaction(caller, { name: 'Uber eats', category: 'Food', amount: 12, date: '2025-01-07' });
  await addTransaction(caller, { name: 'Bakery', category: 'Food', amount: 0.99, date: '2025-01-01' });
  await addTransaction(caller, {
    name: 'Salary',
    category: 'Salary',
    amount: 2500,
    date: '2025-01-02',
    isIncome: true,
  });

  it('sorts by amount, largest first by default, and smallest first with order=asc', async () => {
    const desc = await allPages(authorization, '?sort=amount');
    expect(desc.map((row) => row.cost)).toEqual([2500, 12, 12, 12, 3.5, 0.99]);
    // Ties: newest day first, then the entry made last (Uber eats after Apple on the same day).
    expect(desc.slice(1, 4).map((row) => row.name)).toEqual(['Uber eats', 'Apple', 'Zebra shop']);
    const asc = await allPages(authorization, '?sort=amount&order=asc');
    expect(asc.map((row) => row._id)).toEqual(desc.map((row) => row._id).reverse());
  });

  it('keeps every row exactly once across pages, ties included', async () => {
    for (const sort of ['date', 'amount', 'name', 'category']) {
      for (const order of ['asc', 'desc']) {
        const seen = await allPages(authorization, `?sort=${sort}&order=${order}`, 2);
        expect(new Set(seen.map((row) => row._id)).size).toBe(6);
        expect(seen).toHaveLength(6);
      }
    }
  });

  it('sorts names A to Z ignoring case and accents, and by category', async () => {
    const byName = await allPages(authorization, '?sort=name');
    expect(byName.map((row) => row.name)).toEqual([
      'Apple',
      'Bakery',
      'Salary',
      'Uber eats',
      'über ride',
      'Zebra shop',
    ]);
    const byCategory = await allPages(authorization, '?sort=category&order=desc');
    expect(byCategory.map((row) => row.category)).toEqual([
      'Transport',
      'Shopping',
      'Salary',
      'Food',
      'Food',
      'Food',
    ]);
  });

  it('sorts by date oldest first with order=asc, and keeps the filters', async () => {
    const oldest = await allPages(authorization, '?sort=date&order=asc');
    expect(oldest.map((row) => row.name)).toEqual([
      'Bakery',
      'Salary',
      'Zebra shop',
      'über ride',
      'Apple',
      'Uber eats',
    ]);
    const food = await allPages(authorization, '?sort=amount&order=asc&category=Food');
    expect(food.map((row) => row.name)).toEqual(['Bakery', 'Apple', 'Uber eats']);
  });

  it('refuses a sort key or order that does not exist, with a clear message', async () => {
    expect(await list(authorization, '?sort=price')).toEqual({
      status: 400,
      body: { message: TRANSACTION_LIST_MESSAGES.sortInvalid },
    });
    expect(await list(authorization, '?sort=amount&order=up')).toEqual({
      status: 400,
      body: { message: TRANSACTION_LIST_MESSAGES.orderInvalid },
    });
  });

  it('sorts the same on tRPC', async () => {
    const page = await caller.transactions.list({ sort: 'amount', order: 'asc', limit: 3 });
    expect(page.items.map((item) => item.amountCents)).toEqual([99, 350, 1200]);
    expect(page.total).toBe(6);
    await expect(caller.transactions.list({ sort: 'price' as 'amount' })).rejects.toThrow(
      TRANSACTION_LIST_MESSAGES.sortInvalid,
    );
  });
});

describe('search ignores case and accents', async () => {
  const { authorization, caller } = await seedUserWithCaller(deps);
  await addTransaction(caller, { name: 'Café de Flore', note: '' });
  await addTransaction(caller, { name: 'Über trip', note: 'airport' });
  await addTransaction(caller, { name: 'Lunch', note: 'crème brûlée at Noël' });
  await addTransaction(caller, { name: 'Cafeteria', note: '' });
  await addTransaction(caller, { name: 'Bus', note: 'nothing here' });

  const found = async (word: string) =>
    (await rows(authorization, `?search=${encodeURIComponent(word)}&limit=100`))
      .map((row) => row.name)
      .sort();

  it.each([
    ['cafe', ['Cafeteria', 'Café de Flore']],
    ['CAFÉ', ['Cafeteria', 'Café de Flore']],
    ['uber', ['Über trip']],
    ['ÜBER', ['Über trip']],
    ['creme brulee', ['Lunch']],
    ['noel', ['Lunch']],
    ['Brûlée', ['Lunch']],
    ['cafe de', ['Café de Flore']],
    ['xyz', []],
  ])('"%s" finds %j (names and notes)', async (word, names) => {
    expect(await found(word)).toEqual(names);
  });

  it('counts the folded matches on tRPC too', async () => {
    const page = await caller.transactions.list({ search: 'cafe' });
    expect(page.total).toBe(2);
  });
});
