import { describe, expect, it } from 'vitest';

import { createTestApp, createTestDeps, seedUser } from '../helpers';
import { insertTotalsPast2To53 } from '../transaction-fixtures';

const { app, deps } = await createTestApp(createTestDeps(() => new Date('2026-03-15T12:00:00Z')));

async function seedLargeTotals() {
  const seeded = await seedUser(deps);
  await insertTotalsPast2To53(deps, seeded.user.id);
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
        '"incomeOverTime":[{"date":"2026-03-10","total":0.02}],"currency":"USD"}',
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
