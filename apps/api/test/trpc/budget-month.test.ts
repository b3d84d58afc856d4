import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { CentsTotal } from '@paisable/contracts';

import { createTestApp, createTestDeps } from '../helpers';
import {
  addTransaction,
  LEGACY_BUDGET_FIELDS,
  seedUserWithCaller,
  type Caller,
} from '../transaction-fixtures';

// 15 March 2025 in UTC; the 20th is still to come (scheduled).
const { app, deps } = await createTestApp(createTestDeps(() => new Date('2025-03-15T12:00:00Z')));

const spend = (caller: Caller, category: string, amount: number, date: string) =>
  addTransaction(caller, { category, amount, date });

/** The slow way: a category's counted expenses in a month up to today, straight from the rows. */
async function spentOverRows(userId: string, category: string, month: string): Promise<CentsTotal> {
  const [row] = await deps.db.execute<{ cents: CentsTotal }>(sql`
    select coalesce(sum(amount_cents), 0)::text as cents from transactions
    where user_id = ${userId} and deleted_at is null and transfer_id is null and on_budget and not is_income
      and category = ${category} and occurred_on >= ${month}::date
      and occurred_on < ${month}::date + interval '1 month' and occurred_on <= '2025-03-15'`);
  return row?.cents ?? '0';
}

describe('the budget month', () => {
  it('carries left-over and overspending over three months, and stops where rollover is off', async () => {
    const { caller, user, accountId } = await seedUserWithCaller(deps);
    await caller.budgets.create({ category: 'Food', amount: 100, month: 1, year: 2025, rollover: true });
    await caller.budgets.create({ category: 'Food', amount: 100, month: 2, year: 2025, rollover: true });
    await caller.budgets.create({ category: 'Food', amount: 100, month: 3, year: 2025 });
    await caller.budgets.create({ category: 'Food', amount: 50, month: 4, year: 2025 });
    await spend(caller, 'Food', 30, '2025-01-10');
    await spend(caller, 'Food', 150, '2025-02-03');
    await spend(caller, 'Food', 50, '2025-02-28');
    await spend(caller, 'Food', 10, '2025-03-01');
    await spend(caller, 'Food', 999, '2025-03-20'); // scheduled: not spent yet
    await spend(caller, 'Shopping', 40, '2025-03-02'); // no budget this month
    await addTransaction(caller, { category: 'Salary', amount: 2000, isIncome: true, date: '2025-03-05' });
    const savings = await caller.accounts.create({
      name: 'Savings',
      kind: 'savings',
      openingBalance: 0,
      openingDate: '2025-01-01',
    });
    await caller.transfers.create({
      fromAccountId: accountId,
      toAccountId: savings.id,
      amount: 500,
      date: '2025-03-06',
    });

    const january = await caller.budgets.month({ month: 1, year: 2025 });
    expect(january.budgets[0]).toMatchObject({ carriedCents: '0', spentCents: '3000', leftCents: '7000' });
    const february = await caller.budgets.month({ month: 2, year: 2025 });
    // 100 budgeted + 70 carried − 200 spent.
    expect(february.budgets[0]).toMatchObject({
      carriedCents: '7000',
      spentCents: '20000',
      leftCents: '-3000',
    });
    const march = await caller.budgets.month({ month: 3, year: 2025 });
    // February overspent by 30: March starts 30 short.
    expect(march.budgets[0]).toMatchObject({
      category: 'Food',
      rollover: false,
      budgetedCents: '10000',
      carriedCents: '-3000',
      spentCents: '1000',
      leftCents: '6000',
    });
    // March does not roll over: April starts from its own amount.
    const april = await caller.budgets.month({ month: 4, year: 2025 });
    expect(april.budgets[0]).toMatchObject({ carriedCents: '0', spentCents: '0', leftCents: '5000' });

    expect(march.unbudgeted).toEqual([{ category: 'Shopping', spentCents: '4000' }]);
    expect(march.totals).toEqual({
      budgetedCents: '10000',
      carriedCents: '-3000',
      spentCents: '1000',
      leftCents: '6000',
      unbudgetedCents: '4000',
      incomeCents: '200000',
    });
    for (const [view, month] of [
      [january, '2025-01-01'],
      [february, '2025-02-01'],
      [march, '2025-03-01'],
    ] as const) {
      expect(view.budgets[0]?.spentCents).toBe(await spentOverRows(user.id, 'Food', month));
    }
  });

  it('copies last month’s budgets once, keeping the ones this month already has', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await caller.budgets.create({ category: 'Food', amount: 100, month: 12, year: 2024, rollover: true });
    await caller.budgets.create({ category: 'Bills', amount: 80, month: 12, year: 2024 });
    await caller.budgets.create({ category: 'Bills', amount: 95, month: 1, year: 2025 });
    expect(await caller.budgets.copyPreviousMonth({ month: 1, year: 2025 })).toEqual({ copied: 1 });
    expect(await caller.budgets.copyPreviousMonth({ month: 1, year: 2025 })).toEqual({ copied: 0 });
    const january = await caller.budgets.month({ month: 1, year: 2025 });
    expect(
      january.budgets.map(({ category, budgetedCents, rollover }) => ({ category, budgetedCents, rollover })),
    ).toEqual([
      { category: 'Bills', budgetedCents: '9500', rollover: false },
      { category: 'Food', budgetedCents: '10000', rollover: true },
    ]);
    // The copy is a real budget: the list shows it, and December's left-over rolls into it.
    expect(january.budgets[1]?.carriedCents).toBe('10000');
    expect((await caller.budgets.list()).filter((budget) => budget.month === 1)).toHaveLength(2);
  });

  it('shows only the owner’s budgets and spending', async () => {
    const alice = await seedUserWithCaller(deps);
    const bob = await seedUserWithCaller(deps);
    await alice.caller.budgets.create({ category: 'Food', amount: 100, month: 3, year: 2025 });
    await spend(alice.caller, 'Food', 5, '2025-03-02');
    await bob.caller.budgets.copyPreviousMonth({ month: 4, year: 2025 });
    const view = await bob.caller.budgets.month({ month: 3, year: 2025 });
    expect(view.budgets).toEqual([]);
    expect(view.totals.unbudgetedCents).toBe('0');
  });
});

describe('GET /api/budgets/month', () => {
  it('answers the month view in decimal numbers and keeps the list’s shape', async () => {
    const { caller, authorization } = await seedUserWithCaller(deps);
    await caller.budgets.create({ category: 'Food', amount: 100, month: 2, year: 2025, rollover: true });
    await caller.budgets.create({ category: 'Food', amount: 100, month: 3, year: 2025 });
    await spend(caller, 'Food', 12.5, '2025-03-03');
    const response = await app.inject({
      method: 'GET',
      url: '/api/budgets/month?month=3&year=2025',
      headers: { authorization },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ budgets: Record<string, unknown>[]; totals: Record<string, number> }>();
    expect(body.budgets[0]).toMatchObject({
      category: 'Food',
      rollover: false,
      budgeted: 100,
      carried: 100,
      spent: 12.5,
      left: 187.5,
    });
    expect(body.totals).toMatchObject({ budgeted: 100, spent: 12.5, income: 0 });
    expect(body).toMatchObject({ currency: 'USD' });
    // The original list keeps its fields, and says the currency they are in (an addition).
    const list = await app.inject({ method: 'GET', url: '/api/budgets', headers: { authorization } });
    expect(Object.keys(list.json<Record<string, unknown>[]>()[0] ?? {}).sort()).toEqual(LEGACY_BUDGET_FIELDS);
  });

  it('refuses a malformed month with a 400 and a message, and a stranger with a 401', async () => {
    const { authorization } = await seedUserWithCaller(deps);
    for (const query of ['month=13&year=2025', 'month=3', 'month=x&year=2025', 'month=3&year=1999']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/budgets/month?${query}`,
        headers: { authorization },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/Month|Year/);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/budgets/month?month=3&year=2025' });
    expect(anonymous.statusCode).toBe(401);
  });
});
