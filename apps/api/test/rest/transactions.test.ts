import { eq, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { transactions } from '../../src/db/schema';
import { createTestApp, createTestDeps, seedUser } from '../helpers';
import { seedUserWithCaller, UNKNOWN_ID } from '../transaction-fixtures';
import { legacyTransactionsClient, VALID_LEGACY_BODY as VALID } from './legacy-transactions-client';

/** Too many decimals for the account's currency (US dollars): the message names it. */
const USD_DECIMALS = 'Amounts in United States Dollar (USD) can have at most 2 decimal places.';

// 12:00 UTC on Jan 31 is already Feb 1 on Kiritimati (UTC+14) and 02:00 on Jan 31 on Adak (UTC-10).
const NOW = new Date('2025-01-31T12:00:00Z');
const { app, deps } = await createTestApp(createTestDeps(() => NOW));
const { call, create, listAll } = legacyTransactionsClient(app);

describe('POST /api/transactions', () => {
  it('creates the transaction and answers 201 with the legacy document, without the user id', async () => {
    const { authorization } = await seedUser(deps);
    const body = await create(authorization);
    expect(Object.keys(body).sort()).toEqual(
      [
        '_id',
        'account',
        'addedOn',
        'bankPayee',
        'category',
        'cost',
        'createdAt',
        'currency',
        'isIncome',
        'name',
        'note',
        'originalAmount',
        'originalCurrency',
        'payee',
        'splits',
        'tags',
        'transfer',
        'updatedAt',
      ].sort(),
    );
    expect(body).toMatchObject({
      name: 'Groceries run',
      category: 'Groceries',
      cost: 42.1,
      addedOn: '2025-01-20T00:00:00.000Z',
      isIncome: false,
      note: 'weekly',
    });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(String(body.createdAt)).toISOString()).toBe(body.createdAt);
  });

  it('accepts the legacy form: cost as a string, no isIncome, no note; trims the name; keeps text as typed', async () => {
    const { authorization } = await seedUser(deps);
    const body = await create(authorization, {
      name: '  <b>Fish & Chips</b> ',
      category: 'Food',
      cost: '12.50',
      addedOn: '2025-01-02',
    });
    expect(body).toMatchObject({ name: '<b>Fish & Chips</b>', cost: 12.5, isIncome: false, note: '' });
  });

  it('stores 0.1 and 0.2 as exactly 10 and 20 cents, so they sum to 0.30', async () => {
    const { authorization, user } = await seedUser(deps);
    await create(authorization, { ...VALID, cost: 0.1 });
    await create(authorization, { ...VALID, cost: '0.2' });
    const [row] = await deps.db
      .select({ total: sum(transactions.amountCents) })
      .from(transactions)
      .where(eq(transactions.userId, user.id));
    expect(row?.total).toBe('30');
  });

  it.each(['Pacific/Kiritimati', 'America/Adak'])(
    'keeps 2025-01-31 as that day for a user in %s',
    async (timeZone) => {
      const { authorization } = await seedUserWithCaller(deps, { timeZone });
      for (const addedOn of ['2025-01-31', '2025-01-31T00:00:00.000Z', '2025-01-31T23:30:00-10:00']) {
        const created = await create(authorization, { ...VALID, addedOn });
        expect(created.addedOn).toBe('2025-01-31T00:00:00.000Z');
      }
      const listed = await call('GET', '/api/transactions', authorization);
      for (const row of listed.json().transactions) expect(row.addedOn).toBe('2025-01-31T00:00:00.000Z');
    },
  );

  it.each([
    ['Pacific/Kiritimati', '2025-02-01'],
    ['America/Adak', '2025-01-31'],
    ['UTC', '2025-01-31'],
  ])('dates a transaction without addedOn today in the user zone (%s → %s)', async (timeZone, day) => {
    const { authorization } = await seedUserWithCaller(deps, { timeZone });
    const { addedOn: _omitted, ...withoutDate } = VALID;
    const created = await create(authorization, withoutDate);
    expect(created.addedOn).toBe(`${day}T00:00:00.000Z`);
  });

  it.each([
    ['a missing name', { ...VALID, name: undefined }, MESSAGES.transactionNameRequired],
    ['a blank name', { ...VALID, name: '   ' }, MESSAGES.transactionNameRequired],
    ['an object as name', { ...VALID, name: { $ne: '' } }, MESSAGES.transactionNameRequired],
    ['a missing category', { ...VALID, category: undefined }, MESSAGES.categoryRequired],
    ['an object as category', { ...VALID, category: { $gt: '' } }, MESSAGES.categoryRequired],
    ['a missing cost', { ...VALID, cost: undefined }, MESSAGES.amountRequired],
    ['an empty cost', { ...VALID, cost: '' }, MESSAGES.amountRequired],
    ['a cost with 3 decimals', { ...VALID, cost: 12.345 }, USD_DECIMALS],
    ['a string cost with 3 decimals', { ...VALID, cost: '12.345' }, USD_DECIMALS],
    ['a zero cost', { ...VALID, cost: 0 }, MESSAGES.amountNotPositive],
    ['a negative cost', { ...VALID, cost: -5 }, MESSAGES.amountNotPositive],
    ['a negative string cost', { ...VALID, cost: '-5' }, MESSAGES.amountNotPositive],
    ['a NaN string cost', { ...VALID, cost: 'NaN' }, MESSAGES.amountNotANumber],
    ['an Infinity string cost', { ...VALID, cost: 'Infinity' }, MESSAGES.amountNotANumber],
    ['an object as cost', { ...VALID, cost: { $gt: 0 } }, MESSAGES.amountNotANumber],
    ['a huge cost', { ...VALID, cost: 1_000_000_000_000 }, MESSAGES.amountTooLarge],
    ['a cost of 1e15', { ...VALID, cost: 1e15 }, MESSAGES.amountTooLarge],
    ['a 16-digit string cost', { ...VALID, cost: '1000000000000000' }, MESSAGES.amountTooLarge],
    ['a too long name', { ...VALID, name: 'n'.repeat(201) }, MESSAGES.transactionNameTooLong],
    ['a too long category', { ...VALID, category: 'c'.repeat(51) }, MESSAGES.categoryNameTooLong],
    ['a date before 1970', { ...VALID, addedOn: '1900-01-01' }, MESSAGES.dateOutOfRange],
    ['a date in the year 2999', { ...VALID, addedOn: '2999-12-31' }, MESSAGES.dateOutOfRange],
    // Today is 2025-02-01 somewhere on Earth, so the last day allowed is 2035-02-01.
    ['a date 10 years and a day ahead', { ...VALID, addedOn: '2035-02-02' }, MESSAGES.dateOutOfRange],
    ['an impossible date', { ...VALID, addedOn: '2025-02-30' }, MESSAGES.invalidDate],
    ['a date that is not a date', { ...VALID, addedOn: 'yesterday' }, MESSAGES.invalidDate],
    ['a number as date', { ...VALID, addedOn: 20250120 }, MESSAGES.invalidDate],
    ['a non-boolean isIncome', { ...VALID, isIncome: 'maybe' }, MESSAGES.isIncomeInvalid],
    ['a too long note', { ...VALID, note: 'n'.repeat(2001) }, MESSAGES.noteTooLong],
    ['an array body', [VALID], MESSAGES.transactionNameRequired],
  ])('refuses %s with 400 and creates nothing', async (_case, payload, message) => {
    const { authorization } = await seedUser(deps);
    const response = await call('POST', '/api/transactions', authorization, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await listAll(authorization)).toEqual([]);
  });

  it('accepts the first and the last day of the allowed range, as sent', async () => {
    const { authorization } = await seedUser(deps);
    expect((await create(authorization, { ...VALID, addedOn: '1970-01-01' })).addedOn).toBe(
      '1970-01-01T00:00:00.000Z',
    );
    expect((await create(authorization, { ...VALID, addedOn: '2035-02-01' })).addedOn).toBe(
      '2035-02-01T00:00:00.000Z',
    );
  });

  it('answers a request without a body with 400, not a 500', async () => {
    const { authorization } = await seedUser(deps);
    const response = await call('POST', '/api/transactions', authorization);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.transactionNameRequired });
  });

  it('needs a token', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/transactions', payload: VALID });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/transactions/:id', () => {
  it('applies every field sent, including an empty note and a changed type', async () => {
    const { authorization } = await seedUser(deps);
    const { _id } = await create(authorization);
    const response = await call('PUT', `/api/transactions/${_id}`, authorization, {
      name: 'Bonus',
      category: 'Salary',
      cost: '1000',
      addedOn: '2025-01-25T00:00:00.000Z',
      isIncome: true,
      note: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id,
      name: 'Bonus',
      category: 'Salary',
      cost: 1000,
      addedOn: '2025-01-25T00:00:00.000Z',
      isIncome: true,
      note: '',
    });
  });

  it('keeps the fields that are not sent', async () => {
    const { authorization } = await seedUser(deps);
    const created = await create(authorization);
    const response = await call('PUT', `/api/transactions/${created._id}`, authorization, {
      name: 'Renamed',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...created, name: 'Renamed', updatedAt: expect.any(String) });
  });

  it.each([{}, { addedOn: null }, { addedOn: '' }])('changes nothing for %j', async (payload) => {
    const { authorization } = await seedUser(deps);
    const created = await create(authorization);
    const response = await call('PUT', `/api/transactions/${created._id}`, authorization, payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
  });

  it.each([
    [{ cost: 0 }, MESSAGES.amountNotPositive],
    [{ cost: '1.001' }, USD_DECIMALS],
    [{ name: '' }, MESSAGES.transactionNameRequired],
    [{ addedOn: '2025-02-29' }, MESSAGES.invalidDate],
    [{ addedOn: '1969-12-31' }, MESSAGES.dateOutOfRange],
    [{ addedOn: '2999-12-31T00:00:00.000Z' }, MESSAGES.dateOutOfRange],
    [{ name: 'n'.repeat(300) }, MESSAGES.transactionNameTooLong],
  ])('refuses %j with 400 and leaves the row unchanged', async (payload, message) => {
    const { authorization } = await seedUser(deps);
    const created = await create(authorization);
    const response = await call('PUT', `/api/transactions/${created._id}`, authorization, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await call('GET', '/api/transactions', authorization)).json().transactions).toEqual([created]);
  });

  it("answers 404 for an unknown, malformed, deleted or another user's id, and changes nothing", async () => {
    const owner = await seedUser(deps);
    const other = await seedUser(deps);
    const foreign = await create(owner.authorization);
    const deleted = await create(other.authorization);
    await call('DELETE', `/api/transactions/${deleted._id}`, other.authorization);
    for (const id of [UNKNOWN_ID, 'not-a-uuid', "1' or '1'='1", deleted._id, foreign._id]) {
      const response = await call('PUT', `/api/transactions/${encodeURIComponent(id)}`, other.authorization, {
        name: 'Hacked',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.transactionNotFound });
    }
    expect((await call('GET', '/api/transactions', owner.authorization)).json().transactions).toEqual([
      foreign,
    ]);
  });
});
