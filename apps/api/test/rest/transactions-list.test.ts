import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { transactions } from '../../src/db/schema';
import { createTestApp, seedUser } from '../helpers';
import { addTransaction, seedUserWithCaller } from '../transaction-fixtures';

const { app, deps } = await createTestApp();

async function list(authorization: string, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/transactions${query}`,
    headers: { authorization },
  });
  return { status: response.statusCode, body: response.json() };
}

async function idsOfPage(authorization: string, query: string): Promise<string[]> {
  const { body } = await list(authorization, query);
  return (body.transactions as { _id: string }[]).map((row) => row._id);
}

async function names(authorization: string, query: string) {
  const { status, body } = await list(authorization, query);
  expect(status).toBe(200);
  return (body.transactions as { name: string }[]).map((row) => row.name).sort();
}

/** Five transactions chosen so each filter picks a different subset. */
async function seedFiveTransactions() {
  const seeded = await seedUserWithCaller(deps);
  const { caller } = seeded;
  await addTransaction(caller, { name: 'Coffee beans', category: 'Food', date: '2025-01-10' });
  await addTransaction(caller, {
    name: 'Salary Jan',
    category: 'Salary',
    isIncome: true,
    date: '2025-01-31',
    note: 'ACME corp',
  });
  await addTransaction(caller, {
    name: 'Rent',
    category: 'Bills',
    date: '2025-02-01',
    note: 'flat 50% share',
  });
  await addTransaction(caller, {
    name: 'Book_store',
    category: 'Shopping',
    date: '2025-01-31',
    note: 'regex (.* test',
  });
  await addTransaction(caller, {
    name: 'Cash\\back',
    category: 'Refunds',
    isIncome: true,
    date: '2025-01-01',
  });
  return seeded;
}

describe('GET /api/transactions filters', async () => {
  const { authorization } = await seedFiveTransactions();
  const all = ['Book_store', 'Cash\\back', 'Coffee beans', 'Rent', 'Salary Jan'];

  it.each([
    ['', all],
    ['?search=coffee', ['Coffee beans']],
    ['?search=COFFEE', ['Coffee beans']],
    ['?search=acme', ['Salary Jan']],
    ['?search=50%25', ['Rent']],
    ['?search=%25', ['Rent']],
    ['?search=_', ['Book_store']],
    ['?search=(.*', ['Book_store']],
    ['?search=%5C', ['Cash\\back']],
    ['?search=.*', ['Book_store']],
    ['?search=zzz', []],
    ['?search=', all],
    ['?search=%20%20', all],
    ['?isIncome=true', ['Cash\\back', 'Salary Jan']],
    ['?isIncome=false', ['Book_store', 'Coffee beans', 'Rent']],
    ['?isIncome=', all],
    ['?category=Bills', ['Rent']],
    ['?category=bills', []],
    ['?startDate=2025-01-31', ['Book_store', 'Rent', 'Salary Jan']],
    ['?endDate=2025-01-31', ['Book_store', 'Cash\\back', 'Coffee beans', 'Salary Jan']],
    ['?startDate=2025-01-31&endDate=2025-01-31', ['Book_store', 'Salary Jan']],
    ['?startDate=2025-01-31T00:00:00.000Z&endDate=2025-01-31T00:00:00.000Z', ['Book_store', 'Salary Jan']],
    ['?startDate=2025-02-02', []],
    ['?isIncome=false&startDate=2025-01-31', ['Book_store', 'Rent']],
    ['?search=o&isIncome=false&category=Shopping', ['Book_store']],
  ])('%s', async (query, expected) => {
    expect(await names(authorization, query)).toEqual(expected);
  });

  it("never shows another user's transactions", async () => {
    const { authorization: other } = await seedUser(deps);
    expect(await list(other)).toEqual({
      status: 200,
      body: { transactions: [], totalPages: 0, currentPage: 1 },
    });
  });
});

describe('GET /api/transactions paging', () => {
  it('answers the legacy envelope with a numeric currentPage', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    for (let i = 0; i < 3; i++) await addTransaction(caller);
    const { body } = await list(authorization, '?page=2&limit=2');
    expect(body).toMatchObject({ totalPages: 2, currentPage: 2 });
    expect(body.transactions).toHaveLength(1);
    expect(body.transactions[0]).not.toHaveProperty('user');
  });

  it('orders newest day first, then newest entry, and pages without gaps or repeats', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    const created = [];
    for (let i = 0; i < 12; i++)
      created.push(await addTransaction(caller, { name: `same day ${i}`, date: '2025-03-01' }));
    const later = await addTransaction(caller, { name: 'later day', date: '2025-03-02' });
    const earlier = await addTransaction(caller, { name: 'earlier day', date: '2025-02-28' });

    const expected = [
      later.id,
      ...created
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
        .map((row) => row.id),
      earlier.id,
    ];
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      expect((await list(authorization, `?page=${page}&limit=5`)).body.totalPages).toBe(3);
      seen.push(...(await idsOfPage(authorization, `?page=${page}&limit=5`)));
    }
    expect(seen).toEqual(expected);
    expect((await list(authorization, '?page=4&limit=5')).body.transactions).toEqual([]);
  });

  it('breaks ties between rows created in the same instant by id', async () => {
    const { authorization, user, accountId } = await seedUser(deps);
    const rows = Array.from({ length: 5 }, (_, i) => ({
      userId: user.id,
      accountId,
      name: `batch ${i}`,
      category: 'Food',
      amountCents: 100,
      occurredOn: '2025-01-01',
    }));
    // One statement: every row gets the same created_at.
    const inserted = await deps.db.insert(transactions).values(rows).returning();
    const byId = inserted
      .map((row) => row.id)
      .sort()
      .reverse();
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      seen.push(...(await idsOfPage(authorization, `?page=${page}&limit=2`)));
    }
    expect(seen).toEqual(byId);
  });

  it('defaults to 10 per page and cuts a larger limit to 100', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    for (let i = 0; i < 105; i += 15) {
      await Promise.all(Array.from({ length: Math.min(15, 105 - i) }, () => addTransaction(caller)));
    }
    expect((await list(authorization)).body).toMatchObject({ totalPages: 11, currentPage: 1 });
    expect((await list(authorization)).body.transactions).toHaveLength(10);
    const capped = (await list(authorization, '?limit=1000')).body;
    expect(capped.transactions).toHaveLength(100);
    expect(capped.totalPages).toBe(2);
  });

  it.each([
    ['?page=0', MESSAGES.invalidPage],
    ['?page=-1', MESSAGES.invalidPage],
    ['?page=abc', MESSAGES.invalidPage],
    ['?page=1.5', MESSAGES.invalidPage],
    ['?page=99999999999', MESSAGES.invalidPage],
    ['?limit=0', MESSAGES.invalidLimit],
    ['?limit=ten', MESSAGES.invalidLimit],
    ['?isIncome=maybe', MESSAGES.isIncomeInvalid],
    ['?startDate=2025-02-30', MESSAGES.invalidDate],
    ['?endDate=tomorrow', MESSAGES.invalidDate],
    [`?search=${'x'.repeat(201)}`, MESSAGES.searchTooLong],
    ['?search=%00', MESSAGES.textHasNullCharacter],
    ['?category=Food%00', MESSAGES.textHasNullCharacter],
  ])('refuses %s with 400', async (query, message) => {
    const { authorization } = await seedUser(deps);
    expect(await list(authorization, query)).toEqual({ status: 400, body: { message } });
  });

  it('refuses the null character in a new transaction or an export, and stores nothing', async () => {
    const { authorization } = await seedUser(deps);
    const created = await app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { authorization },
      payload: { name: 'Caf\u0000e', category: 'Food', cost: 4, addedOn: '2025-01-02', isIncome: false },
    });
    expect({ status: created.statusCode, body: created.json() }).toEqual({
      status: 400,
      body: { message: MESSAGES.textHasNullCharacter },
    });
    const exported = await app.inject({
      method: 'GET',
      url: '/api/transactions/export?search=a%00',
      headers: { authorization },
    });
    expect(exported.statusCode).toBe(400);
    expect(await list(authorization)).toMatchObject({ status: 200, body: { transactions: [] } });
  });

  it('needs a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/transactions' });
    expect(response.statusCode).toBe(401);
  });
});
