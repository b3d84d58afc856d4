import { describe, expect, it } from 'vitest';

import { createTestApp, createTestDeps } from '../helpers';
import { insertTotalsPast2To53, seedUserWithCaller } from '../transaction-fixtures';

const { app, deps } = await createTestApp(createTestDeps(() => new Date('2026-03-15T12:00:00Z')));

async function seedLargeTotals() {
  const seeded = await seedUserWithCaller(deps);
  await insertTotalsPast2To53(deps, seeded.user.id);
  return seeded;
}

describe('tRPC totals past 2^53 cents are exact decimal integer text', () => {
  it('transactions.summary, on the wire too', async () => {
    const { caller, authorization } = await seedLargeTotals();
    expect(await caller.transactions.summary()).toMatchObject({
      totalIncomeCents: '2',
      totalExpensesCents: '9999999999999901',
      balanceCents: '-9999999999999899',
    });
    const response = await app.inject({
      method: 'GET',
      url: '/trpc/transactions.summary',
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '"totalIncomeCents":"2","totalExpensesCents":"9999999999999901","balanceCents":"-9999999999999899"',
    );
  });

  it('transactions.charts', async () => {
    const { caller } = await seedLargeTotals();
    const charts = await caller.transactions.charts();
    expect(charts.expensesByCategory).toEqual([{ name: 'Food', totalCents: '9999999999999901' }]);
    expect(charts.expensesOverTime.find((day) => day.date === '2026-03-10')?.totalCents).toBe(
      '9999999999999901',
    );
    expect(charts.incomeOverTime.find((day) => day.date === '2026-03-10')?.totalCents).toBe('2');
  });

  it('budgets.create and budgets.list: spent and remaining', async () => {
    const { caller } = await seedLargeTotals();
    const exact = { spentCents: '9999999999999901', remainingCents: '-9999999999989901' };
    expect(
      await caller.budgets.create({ category: 'Food', amount: 100, month: 3, year: 2026 }),
    ).toMatchObject(exact);
    expect(await caller.budgets.list()).toMatchObject([exact]);
  });
});
