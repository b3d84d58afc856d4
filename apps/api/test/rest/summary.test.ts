import { describe, expect, it } from 'vitest';

import { createTestApp, seedUser } from '../helpers';

const { app, deps } = await createTestApp();

async function add(authorization: string, cost: string, isIncome: boolean, addedOn: string, name = 'Item') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/transactions',
    headers: { authorization },
    payload: { name, category: isIncome ? 'Salary' : 'Food', cost, isIncome, addedOn },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ _id: string }>();
}

function summary(authorization: string) {
  return app.inject({ method: 'GET', url: '/api/transactions/summary', headers: { authorization } });
}

describe('GET /api/transactions/summary', () => {
  it('answers zeros and an empty list for a new user', async () => {
    const { authorization } = await seedUser(deps);
    const response = await summary(authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalIncome: 0,
      totalExpenses: 0,
      balance: 0,
      currency: 'USD',
      recentTransactions: [],
    });
  });

  it('sums exactly (0.1 + 0.2 is 0.3), leaves out deleted rows and lists the 5 newest', async () => {
    const { authorization } = await seedUser(deps);
    await add(authorization, '0.1', false, '2025-01-01', 'first');
    await add(authorization, '0.2', false, '2025-01-02', 'second');
    await add(authorization, '100.05', true, '2025-01-03', 'pay');
    const deleted = await add(authorization, '999', false, '2025-01-04', 'mistake');
    await app.inject({
      method: 'DELETE',
      url: `/api/transactions/${deleted._id}`,
      headers: { authorization },
    });
    for (const day of ['05', '06', '07'])
      await add(authorization, '1', false, `2025-01-${day}`, `day ${day}`);

    const body = (await summary(authorization)).json<{
      totalIncome: number;
      totalExpenses: number;
      balance: number;
      recentTransactions: { name: string; addedOn: string }[];
    }>();
    expect(body.totalIncome).toBe(100.05);
    expect(body.totalExpenses).toBe(3.3);
    expect(body.balance).toBe(96.75);
    expect(body.recentTransactions.map((row) => row.name)).toEqual([
      'day 07',
      'day 06',
      'day 05',
      'pay',
      'second',
    ]);
    expect(body.recentTransactions[0]?.addedOn).toBe('2025-01-07T00:00:00.000Z');
  });

  it("never counts another user's rows", async () => {
    const alice = await seedUser(deps);
    const bob = await seedUser(deps);
    await add(alice.authorization, '50', true, '2025-02-01');
    expect((await summary(bob.authorization)).json().totalIncome).toBe(0);
  });

  it('needs a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/transactions/summary' })).statusCode).toBe(401);
  });
});
