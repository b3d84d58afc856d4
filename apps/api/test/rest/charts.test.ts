import { describe, expect, it } from 'vitest';

import { createTestApp, createTestDeps, seedUser } from '../helpers';

const clock = new Date('2025-03-10T12:00:00Z');
const { app, deps } = await createTestApp(createTestDeps(() => clock));

async function add(
  authorization: string,
  cost: string,
  isIncome: boolean,
  addedOn: string,
  category: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/transactions',
    headers: { authorization },
    payload: { name: 'Item', category, cost, isIncome, addedOn },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ _id: string }>();
}

function charts(authorization: string) {
  return app.inject({ method: 'GET', url: '/api/transactions/charts', headers: { authorization } });
}

describe('GET /api/transactions/charts', () => {
  it('answers three empty lists for a new user', async () => {
    const { authorization } = await seedUser(deps);
    const response = await charts(authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      expensesByCategory: [],
      expensesOverTime: [],
      incomeOverTime: [],
      currency: 'USD',
    });
  });

  it('has the original shape: days with money only, oldest first, as YYYY-MM-DD, sums exact', async () => {
    const { authorization } = await seedUser(deps);
    await add(authorization, '0.1', false, '2025-03-09', 'Food');
    await add(authorization, '0.2', false, '2025-03-09T00:00:00.000Z', 'Food');
    await add(authorization, '20', false, '2025-03-01', 'Bills');
    await add(authorization, '1000', true, '2025-03-02', 'Salary');
    await add(authorization, '5', false, '2024-12-01', 'Food'); // before the window: only in the doughnut
    const deleted = await add(authorization, '77', false, '2025-03-03', 'Shopping');
    await app.inject({
      method: 'DELETE',
      url: `/api/transactions/${deleted._id}`,
      headers: { authorization },
    });

    expect((await charts(authorization)).json()).toEqual({
      expensesByCategory: [
        { name: 'Bills', total: 20 },
        { name: 'Food', total: 5.3 },
      ],
      expensesOverTime: [
        { date: '2025-03-01', total: 20 },
        { date: '2025-03-09', total: 0.3 },
      ],
      incomeOverTime: [{ date: '2025-03-02', total: 1000 }],
      currency: 'USD',
    });
  });

  it("never counts another user's rows", async () => {
    const alice = await seedUser(deps);
    const bob = await seedUser(deps);
    await add(alice.authorization, '50', false, '2025-03-05', 'Food');
    expect((await charts(bob.authorization)).json()).toEqual({
      expensesByCategory: [],
      expensesOverTime: [],
      incomeOverTime: [],
      currency: 'USD',
    });
  });

  it('needs a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/transactions/charts' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('message');
  });
});
