import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { transactions } from '../../src/db/schema';
import { createTestApp, createTestDeps, seedUser } from '../helpers';
import { seedUserWithCaller, UNKNOWN_ID } from '../transaction-fixtures';

// A fixed clock in March 2025. The generator job test uses clocks before 2011, so it never touches these rules.
const NOW = new Date('2025-03-10T12:00:00Z');
const { app, deps } = await createTestApp(createTestDeps(() => NOW));

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  authorization: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
}

const RENT = {
  name: 'Rent',
  category: 'Bills',
  amount: 1200,
  isIncome: false,
  frequency: 'monthly',
  startDate: '2025-04-01',
};

async function createRule(authorization: string, body: object = RENT) {
  const response = await call('POST', '/api/recurring/create', authorization, body);
  expect(response.statusCode).toBe(201);
  return response.json<Record<string, unknown>>();
}

async function listRules(authorization: string) {
  const response = await call('GET', '/api/recurring', authorization);
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>[]>();
}

async function generated(userId: string) {
  const rows = await deps.db
    .select({ name: transactions.name, date: transactions.occurredOn, cents: transactions.amountCents })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(transactions.occurredOn);
  return rows;
}

describe('POST /api/recurring/create', () => {
  it('answers 201 with the rule; a future start is the next due date and records nothing yet', async () => {
    const { authorization, user } = await seedUser(deps);
    const body = await createRule(authorization);
    expect(Object.keys(body).sort()).toEqual(
      [
        '_id',
        'amount',
        'category',
        'createdAt',
        'endDate',
        'frequency',
        'isIncome',
        'name',
        'nextDueDate',
        'startDate',
        'updatedAt',
      ].sort(),
    );
    expect(body).toMatchObject({
      name: 'Rent',
      category: 'Bills',
      amount: 1200,
      isIncome: false,
      frequency: 'monthly',
      startDate: '2025-04-01T00:00:00.000Z',
      endDate: null,
      nextDueDate: '2025-04-01T00:00:00.000Z',
    });
    expect(await generated(user.id)).toEqual([]);
    expect(await listRules(authorization)).toEqual([body]);
  });

  it('records every occurrence already due at once, dated on its due date, the start date first', async () => {
    const { authorization, user } = await seedUser(deps);
    const body = await createRule(authorization, {
      ...RENT,
      name: 'Gym',
      amount: '29.99',
      startDate: '2024-12-31',
    });
    expect(body.nextDueDate).toBe('2025-03-31T00:00:00.000Z');
    expect(await generated(user.id)).toEqual([
      { name: 'Gym', date: '2024-12-31', cents: 2999 },
      { name: 'Gym', date: '2025-01-31', cents: 2999 },
      { name: 'Gym', date: '2025-02-28', cents: 2999 },
    ]);
  });

  it('records today when the start is today in the user’s time zone', async () => {
    // At NOW it is already Mar 11 on Kiritimati (UTC+14).
    const { authorization, user } = await seedUserWithCaller(deps, { timeZone: 'Pacific/Kiritimati' });
    const body = await createRule(authorization, { ...RENT, frequency: 'weekly', startDate: '2025-03-11' });
    expect(body.nextDueDate).toBe('2025-03-18T00:00:00.000Z');
    expect((await generated(user.id)).map((row) => row.date)).toEqual(['2025-03-11']);
  });

  it('defaults to monthly and an expense, and takes an optional end date', async () => {
    const { authorization } = await seedUser(deps);
    const body = await createRule(authorization, {
      name: 'Phone',
      category: 'Bills',
      amount: 30,
      startDate: '2025-05-15',
      endDate: '2025-07-15',
    });
    expect(body).toMatchObject({
      frequency: 'monthly',
      isIncome: false,
      endDate: '2025-07-15T00:00:00.000Z',
    });
  });

  it('files an income rule under an income category', async () => {
    const { authorization } = await seedUser(deps);
    const body = await createRule(authorization, {
      ...RENT,
      name: 'Pay',
      category: 'salary',
      isIncome: true,
    });
    expect(body).toMatchObject({ category: 'Salary', isIncome: true });
    const income = await call('GET', '/api/transactions/categories/income', authorization);
    expect(income.json()).toContain('Salary');
  });

  it.each([
    [{ ...RENT, name: '  ' }, MESSAGES.recurringNameRequired],
    [{ ...RENT, name: undefined }, MESSAGES.recurringNameRequired],
    [{ ...RENT, category: '' }, MESSAGES.categoryRequired],
    [{ ...RENT, amount: 0 }, MESSAGES.amountNotPositive],
    [{ ...RENT, amount: undefined }, MESSAGES.amountRequired],
    [{ ...RENT, frequency: 'hourly' }, MESSAGES.frequencyInvalid],
    [{ ...RENT, startDate: undefined }, MESSAGES.startDateRequired],
    [{ ...RENT, startDate: '2025-02-30' }, MESSAGES.invalidDate],
    [{ ...RENT, endDate: '2025-03-31' }, MESSAGES.endBeforeStart],
    [{ ...RENT, isIncome: 'maybe' }, MESSAGES.isIncomeInvalid],
    [{ ...RENT, amount: 1e15 }, MESSAGES.amountTooLarge],
    // Read in the currency of the rule's account (the user's first, in dollars), as a transaction's is.
    [
      { ...RENT, amount: '12.345' },
      'Amounts in United States Dollar (USD) can have at most 2 decimal places.',
    ],
    [{ ...RENT, name: 'n'.repeat(201) }, MESSAGES.transactionNameTooLong],
    [{ ...RENT, category: 'c'.repeat(51) }, MESSAGES.categoryNameTooLong],
    [{ ...RENT, startDate: '1900-01-01' }, MESSAGES.dateOutOfRange],
    [{ ...RENT, endDate: '2999-12-31' }, MESSAGES.dateOutOfRange],
    // Today is 2025-03-11 somewhere on Earth: the last day allowed is 2035-03-11.
    [{ ...RENT, startDate: '2035-03-12' }, MESSAGES.dateOutOfRange],
  ])('refuses %o with 400 and a clear message, creating nothing', async (body, message) => {
    const { authorization, user } = await seedUser(deps);
    const response = await call('POST', '/api/recurring/create', authorization, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await listRules(authorization)).toEqual([]);
    expect(await generated(user.id)).toEqual([]);
  });
});

describe('PUT /api/recurring/:id', () => {
  it('changes only the fields sent; generated transactions keep their old values', async () => {
    const { authorization, user } = await seedUser(deps);
    const rule = await createRule(authorization, { ...RENT, startDate: '2025-02-01' });
    const response = await call('PUT', `/api/recurring/${String(rule._id)}`, authorization, { amount: 1300 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Rent',
      amount: 1300,
      nextDueDate: '2025-04-01T00:00:00.000Z',
    });
    expect((await generated(user.id)).map((row) => row.cents)).toEqual([120000, 120000]);
  });

  it('continues a changed schedule after what was already recorded, never recording a date twice', async () => {
    const { authorization, user } = await seedUser(deps);
    const rule = await createRule(authorization, { ...RENT, startDate: '2025-02-01' });
    // Weekly from Feb 1: Feb 1 and Mar 1 were recorded monthly; weekly continues after Mar 1.
    const response = await call('PUT', `/api/recurring/${String(rule._id)}`, authorization, {
      frequency: 'weekly',
    });
    expect(response.json()).toMatchObject({ frequency: 'weekly', nextDueDate: '2025-03-15T00:00:00.000Z' });
    expect((await generated(user.id)).map((row) => row.date)).toEqual([
      '2025-02-01',
      '2025-03-01',
      '2025-03-08',
    ]);
  });

  it('moving the start earlier catches up the new dates before it', async () => {
    const { authorization, user } = await seedUser(deps);
    const rule = await createRule(authorization);
    const response = await call('PUT', `/api/recurring/${String(rule._id)}`, authorization, {
      startDate: '2025-01-10',
    });
    expect(response.json()).toMatchObject({ nextDueDate: '2025-04-10T00:00:00.000Z' });
    expect((await generated(user.id)).map((row) => row.date)).toEqual([
      '2025-01-10',
      '2025-02-10',
      '2025-03-10',
    ]);
  });

  it('clears the end date with null, and refuses an end before the start', async () => {
    const { authorization } = await seedUser(deps);
    const rule = await createRule(authorization, { ...RENT, endDate: '2025-06-01' });
    const url = `/api/recurring/${String(rule._id)}`;
    const bad = await call('PUT', url, authorization, { endDate: '2025-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MESSAGES.endBeforeStart });
    const cleared = await call('PUT', url, authorization, { endDate: null });
    expect(cleared.json()).toMatchObject({ endDate: null });
  });

  it('a rule whose end date has passed has no next due date', async () => {
    const { authorization, user } = await seedUser(deps);
    const rule = await createRule(authorization, { ...RENT, startDate: '2025-01-05', endDate: '2025-02-05' });
    expect(rule.nextDueDate).toBeNull();
    expect((await generated(user.id)).map((row) => row.date)).toEqual(['2025-01-05', '2025-02-05']);
  });
});

describe('DELETE /api/recurring/:id', () => {
  it('deletes the rule and keeps the transactions it generated', async () => {
    const { authorization, user } = await seedUser(deps);
    const rule = await createRule(authorization, { ...RENT, startDate: '2025-01-01' });
    const response = await call('DELETE', `/api/recurring/${String(rule._id)}`, authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted successfully' });
    expect(await listRules(authorization)).toEqual([]);
    expect(await generated(user.id)).toHaveLength(3);
  });
});

describe("another user's recurring transactions", () => {
  it('are never listed, changed or deleted: 404 as for an unknown id', async () => {
    const owner = await seedUser(deps);
    const intruder = await seedUser(deps);
    const rule = await createRule(owner.authorization);
    expect(await listRules(intruder.authorization)).toEqual([]);
    for (const id of [String(rule._id), UNKNOWN_ID, 'not-a-uuid']) {
      const put = await call('PUT', `/api/recurring/${id}`, intruder.authorization, { amount: 1 });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ message: MESSAGES.recurringNotFound });
      const del = await call('DELETE', `/api/recurring/${id}`, intruder.authorization);
      expect(del.statusCode).toBe(404);
    }
    expect(await listRules(owner.authorization)).toEqual([rule]);
  });
});
