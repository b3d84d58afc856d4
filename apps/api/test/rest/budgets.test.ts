import { describe, expect, it } from 'vitest';

import { duplicateBudgetMessage, MESSAGES } from '@paisable/contracts';

import { createTestApp, createTestDeps, seedUser } from '../helpers';
import {
  addTransaction,
  LEGACY_BUDGET_FIELDS,
  seedUserWithCaller,
  UNKNOWN_ID,
} from '../transaction-fixtures';

// 20:00 UTC on Jan 31 is already Feb 1 in Auckland (UTC+13 in summer).
const NOW = new Date('2025-01-31T20:00:00Z');
const { app, deps } = await createTestApp(createTestDeps(() => NOW));

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  authorization: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
}

const JANUARY_FOOD = { category: 'Food', amount: 200, month: 1, year: 2025 };

async function createBudget(authorization: string, body: object = JANUARY_FOOD) {
  const response = await call('POST', '/api/budgets', authorization, body);
  expect(response.statusCode).toBe(201);
  return response.json<Record<string, unknown>>();
}

async function listBudgets(authorization: string) {
  const response = await call('GET', '/api/budgets', authorization);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<Record<string, unknown>[]>();
}

describe('POST /api/budgets', () => {
  it('creates the first budget of an empty list, answering 201 with spent and remaining', async () => {
    const { authorization } = await seedUser(deps);
    expect(await listBudgets(authorization)).toEqual([]);
    const body = await createBudget(authorization);
    // The original fields, and the currency the figures are in (an addition the original client ignores).
    expect(Object.keys(body).sort()).toEqual(LEGACY_BUDGET_FIELDS);
    expect(body).toMatchObject({
      category: 'Food',
      amount: 200,
      month: 1,
      year: 2025,
      spent: 0,
      remaining: 200,
    });
    expect(await listBudgets(authorization)).toEqual([body]);
  });

  it('accepts the legacy form: numbers as strings, a zero amount, the category in any letter case', async () => {
    const { authorization } = await seedUser(deps);
    const body = await createBudget(authorization, {
      category: 'groceries',
      amount: '0',
      month: '3',
      year: '2025',
    });
    expect(body).toMatchObject({ category: 'Groceries', amount: 0, month: 3, year: 2025 });
  });

  it('refuses a second budget for the same category and month with 409, and keeps the first', async () => {
    const { authorization } = await seedUser(deps);
    const first = await createBudget(authorization);
    const response = await call('POST', '/api/budgets', authorization, {
      ...JANUARY_FOOD,
      category: 'food',
      amount: 5,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: duplicateBudgetMessage('Food', 1, 2025) });
    expect(await listBudgets(authorization)).toEqual([first]);
    // Another month or another category is a different budget.
    await createBudget(authorization, { ...JANUARY_FOOD, month: 2 });
    await createBudget(authorization, { ...JANUARY_FOOD, category: 'Bills' });
    expect(await listBudgets(authorization)).toHaveLength(3);
  });

  it.each([
    [{ ...JANUARY_FOOD, category: '' }, MESSAGES.categoryRequired],
    [{ ...JANUARY_FOOD, category: { $ne: null } }, MESSAGES.categoryRequired],
    [{ ...JANUARY_FOOD, amount: undefined }, MESSAGES.amountRequired],
    [{ ...JANUARY_FOOD, amount: -5 }, MESSAGES.budgetAmountNegative],
    [{ ...JANUARY_FOOD, amount: 'ten' }, MESSAGES.amountNotANumber],
    // Read in the display currency (dollars), as a transaction's amount is in its account's.
    [
      { ...JANUARY_FOOD, amount: 1.234 },
      'Amounts in United States Dollar (USD) can have at most 2 decimal places.',
    ],
    [{ ...JANUARY_FOOD, month: 13 }, MESSAGES.budgetMonthInvalid],
    [{ ...JANUARY_FOOD, month: 0 }, MESSAGES.budgetMonthInvalid],
    [{ ...JANUARY_FOOD, month: '1.5' }, MESSAGES.budgetMonthInvalid],
    [{ ...JANUARY_FOOD, year: 1999 }, MESSAGES.budgetYearInvalid],
    [{ ...JANUARY_FOOD, year: 2101 }, MESSAGES.budgetYearInvalid],
    [{ ...JANUARY_FOOD, year: undefined }, MESSAGES.budgetYearInvalid],
    [{ ...JANUARY_FOOD, amount: 1e15 }, MESSAGES.amountTooLarge],
    [{ ...JANUARY_FOOD, amount: '1000000000000000' }, MESSAGES.amountTooLarge],
    [{ ...JANUARY_FOOD, category: 'c'.repeat(51) }, MESSAGES.categoryNameTooLong],
    // Today is 2025-02-01 somewhere on Earth: the last month allowed starts 2035-02-01.
    [{ ...JANUARY_FOOD, month: 3, year: 2035 }, MESSAGES.dateOutOfRange],
  ])('refuses %o with 400 and a clear message, creating nothing', async (body, message) => {
    const { authorization } = await seedUser(deps);
    const response = await call('POST', '/api/budgets', authorization, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await listBudgets(authorization)).toEqual([]);
  });

  it('needs a token', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/budgets', payload: JANUARY_FOOD });
    expect(response.statusCode).toBe(401);
  });
});

describe('spent and remaining', () => {
  it("sums only the month's live expenses of the category, from the first day to the last", async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { category: 'Food', amount: 10.1, date: '2025-01-01' });
    await addTransaction(caller, { category: 'food', amount: 20.2, date: '2025-01-31' });
    await addTransaction(caller, { category: 'Food', amount: 1000, date: '2024-12-31' });
    await addTransaction(caller, { category: 'Food', amount: 1000, date: '2025-02-01' });
    await addTransaction(caller, { category: 'Bills', amount: 1000, date: '2025-01-15' });
    await addTransaction(caller, { category: 'Food', amount: 1000, date: '2025-01-15', isIncome: true });
    const deleted = await addTransaction(caller, { category: 'Food', amount: 1000, date: '2025-01-15' });
    await caller.transactions.delete({ id: deleted.id });

    await createBudget(authorization, { ...JANUARY_FOOD, amount: 25 });
    const [budget] = await listBudgets(authorization);
    // 10.10 + 20.20 in exact cents: no 30.299999999999997.
    expect(budget).toMatchObject({ spent: 30.3, remaining: -5.3 });
  });

  it("counts an undated expense in the month of the user's own today, not the server's", async () => {
    const { authorization, caller } = await seedUserWithCaller(deps, { timeZone: 'Pacific/Auckland' });
    // No date: it is Feb 1 in Auckland at NOW, while Jan 31 in UTC.
    await caller.transactions.create({ name: 'Brunch', category: 'Food', amount: 40 });
    await createBudget(authorization, JANUARY_FOOD);
    await createBudget(authorization, { ...JANUARY_FOOD, month: 2 });
    const budgets = await listBudgets(authorization);
    expect(budgets.map((b) => [b.month, b.spent])).toEqual([
      [2, 40],
      [1, 0],
    ]);
  });

  it("never counts another user's expenses", async () => {
    const other = await seedUserWithCaller(deps);
    await addTransaction(other.caller, { category: 'Food', amount: 99, date: '2025-01-10' });
    const { authorization } = await seedUser(deps);
    await createBudget(authorization);
    expect((await listBudgets(authorization))[0]).toMatchObject({ spent: 0, remaining: 200 });
  });

  it('lists the newest month first, then by category', async () => {
    const { authorization } = await seedUser(deps);
    await createBudget(authorization, { ...JANUARY_FOOD, category: 'Food', month: 1 });
    await createBudget(authorization, { ...JANUARY_FOOD, category: 'Bills', month: 1 });
    await createBudget(authorization, { ...JANUARY_FOOD, category: 'Food', month: 3 });
    await createBudget(authorization, { ...JANUARY_FOOD, category: 'Food', month: 12, year: 2024 });
    expect((await listBudgets(authorization)).map((b) => [b.category, b.month, b.year].join(' '))).toEqual([
      'Food 3 2025',
      'Bills 1 2025',
      'Food 1 2025',
      'Food 12 2024',
    ]);
  });
});

describe('PUT /api/budgets/:id', () => {
  it('changes the budget and recomputes spent for its new month', async () => {
    const { authorization, caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { category: 'Food', amount: 12, date: '2024-12-10' });
    const created = await createBudget(authorization);
    const response = await call('PUT', `/api/budgets/${String(created._id)}`, authorization, {
      ...JANUARY_FOOD,
      amount: '150.50',
      month: 12,
      year: 2024,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: created._id,
      amount: 150.5,
      month: 12,
      spent: 12,
      remaining: 138.5,
    });
    expect(await listBudgets(authorization)).toEqual([response.json()]);
  });

  it('refuses to move a budget onto a month that already has one for the category (409)', async () => {
    const { authorization } = await seedUser(deps);
    await createBudget(authorization);
    const february = await createBudget(authorization, { ...JANUARY_FOOD, month: 2 });
    const response = await call('PUT', `/api/budgets/${String(february._id)}`, authorization, JANUARY_FOOD);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: duplicateBudgetMessage('Food', 1, 2025) });
    // Saving a budget onto its own month is not a clash.
    const same = await call('PUT', `/api/budgets/${String(february._id)}`, authorization, {
      ...JANUARY_FOOD,
      month: 2,
      amount: 1,
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { authorization } = await seedUser(deps);
    const created = await createBudget(authorization);
    const response = await call('PUT', `/api/budgets/${String(created._id)}`, authorization, {
      ...JANUARY_FOOD,
      month: 13,
    });
    expect(response.statusCode).toBe(400);
    expect(await listBudgets(authorization)).toEqual([created]);
  });
});

describe("another user's budgets", () => {
  it('are never listed, changed or deleted: 404 as for an unknown id', async () => {
    const owner = await seedUser(deps);
    const intruder = await seedUser(deps);
    const budget = await createBudget(owner.authorization);
    expect(await listBudgets(intruder.authorization)).toEqual([]);
    for (const id of [String(budget._id), UNKNOWN_ID, 'not-a-uuid']) {
      const put = await call('PUT', `/api/budgets/${id}`, intruder.authorization, {
        ...JANUARY_FOOD,
        amount: 1,
      });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ message: MESSAGES.budgetNotFound });
      const del = await call('DELETE', `/api/budgets/${id}`, intruder.authorization);
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ message: MESSAGES.budgetNotFound });
    }
    expect(await listBudgets(owner.authorization)).toEqual([budget]);
    // The same category and month is free for the other user.
    await createBudget(intruder.authorization);
  });
});

describe('DELETE /api/budgets/:id', () => {
  it('deletes the budget; a second delete is a 404', async () => {
    const { authorization } = await seedUser(deps);
    const created = await createBudget(authorization);
    const response = await call('DELETE', `/api/budgets/${String(created._id)}`, authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Budget deleted successfully' });
    expect(await listBudgets(authorization)).toEqual([]);
    expect((await call('DELETE', `/api/budgets/${String(created._id)}`, authorization)).statusCode).toBe(404);
  });
});
