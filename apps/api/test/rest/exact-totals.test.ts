import { describe, expect, it } from 'vitest';

import { MAX_AMOUNT_CENTS } from '@paisable/contracts';

import { transactions } from '../../src/db/schema';
import { createTestApp, createTestDeps, seedUser } from '../helpers';

const { app, deps } = await createTestApp(createTestDeps(() => new Date('2026-03-15T12:00:00Z')));

/**
 * 100 expenses of the largest amount and one of a cent: 9,999,999,999,999,901 cents of Food on one day,
 * past 2^53, where a double holds only even numbers. Plus 2 cents of income, so the balance is odd too.
 * Plain inserts, as the write path makes them: the totals triggers do the rest.
 */
async function seedLargeTotals() {
  const seeded = await seedUser(deps);
  const row = { userId: seeded.user.id, name: 'Large', category: 'Food', occurredOn: '2026-03-10' };
  await deps.db
    .insert(transactions)
    .values([
      ...Array.from({ length: 100 }, () => ({ ...row, amountCents: MAX_AMOUNT_CENTS })),
      { ...row, amountCents: 1 },
      { ...row, name: 'Pay', category: 'Salary', isIncome: true, amountCents: 2 },
    ]);
  return seeded;
}

async function get(authorization: string, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: { authorization } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('REST totals past 2^53 cents are JSON numbers with their exact digits', () => {
  it('GET /api/transactions/summary', async () => {
    const { authorization } = await seedLargeTotals();
    const body = await get(authorization, '/api/transactions/summary');
    expect(body).toContain(
      '{"totalIncome":0.02,"totalExpenses":99999999999999.01,"balance":-99999999999998.99,',
    );
    expect(typeof JSON.parse(body).totalExpenses).toBe('number');
  });

  it('GET /api/transactions/charts', async () => {
    const { authorization } = await seedLargeTotals();
    expect(await get(authorization, '/api/transactions/charts')).toBe(
      '{"expensesByCategory":[{"name":"Food","total":99999999999999.01}],' +
        '"expensesOverTime":[{"date":"2026-03-10","total":99999999999999.01}],' +
        '"incomeOverTime":[{"date":"2026-03-10","total":0.02}]}',
    );
  });

  it('POST and GET /api/budgets: spent and remaining', async () => {
    const { authorization } = await seedLargeTotals();
    const created = await app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: { authorization },
      payload: { category: 'Food', amount: 100, month: 3, year: 2026 },
    });
    expect(created.statusCode).toBe(201);
    const exact = '"spent":99999999999999.01,"remaining":-99999999999899.01';
    expect(created.body).toContain(exact);
    expect(await get(authorization, '/api/budgets')).toContain(exact);
  });
});
