import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES, FIRST_ACCOUNT_NAME } from '@paisable/contracts';

import { createTestApp, createTestDeps, seedUser } from '../helpers';

const { app, deps } = await createTestApp(createTestDeps(() => new Date('2026-03-15T12:00:00Z')));

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  authorization: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
}

describe('REST accounts and transfers', () => {
  it('lists, adds, edits and deletes accounts, with balances as numbers like `cost`', async () => {
    const { authorization, accountId } = await seedUser(deps);
    const created = await call('POST', '/api/accounts', authorization, {
      name: 'Visa',
      kind: 'credit_card',
      openingBalance: '-120.50',
      openingDate: '2026-01-01',
    });
    expect(created.statusCode).toBe(201);
    const visa = created.json<{ _id: string }>();
    expect(visa).toEqual({
      _id: expect.any(String),
      name: 'Visa',
      kind: 'credit_card',
      currency: 'USD',
      onBudget: true,
      closed: false,
      openingBalance: -120.5,
      openingDate: '2026-01-01',
      balance: -120.5,
    });
    await call('POST', '/api/transactions', authorization, {
      name: 'Books',
      category: 'Shopping',
      cost: 30,
      addedOn: '2026-03-01',
      account: visa._id,
    });
    const listed = await call('GET', '/api/accounts', authorization);
    expect(listed.json()).toEqual({
      accounts: [
        expect.objectContaining({ _id: accountId, name: FIRST_ACCOUNT_NAME, balance: 0 }),
        expect.objectContaining({ _id: visa._id, balance: -150.5 }),
      ],
      netWorth: -150.5,
    });
    // The list filtered by account, each row carrying its account.
    const rows = await call('GET', `/api/transactions?account=${visa._id}`, authorization);
    expect(rows.json().transactions).toEqual([
      expect.objectContaining({ name: 'Books', account: visa._id, transfer: null }),
    ]);
    expect(
      (await call('GET', `/api/transactions?account=${accountId}`, authorization)).json().transactions,
    ).toEqual([]);

    // The balance on any day: before the purchase, and after it.
    expect(
      (await call('GET', `/api/accounts/${visa._id}/balance?date=2026-02-28`, authorization)).json(),
    ).toEqual({
      date: '2026-02-28',
      balance: -120.5,
    });
    expect(
      (await call('GET', `/api/accounts/${visa._id}/balance?date=2026-03-01`, authorization)).json(),
    ).toEqual({
      date: '2026-03-01',
      balance: -150.5,
    });

    const renamed = await call('PUT', `/api/accounts/${visa._id}`, authorization, {
      name: 'Visa card',
      kind: 'credit_card',
      openingBalance: -120.5,
      openingDate: '2026-01-01',
      onBudget: 'true',
      closed: 'false',
    });
    expect(renamed.json()).toMatchObject({ name: 'Visa card', balance: -150.5 });

    const refused = await call('DELETE', `/api/accounts/${visa._id}`, authorization);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: ACCOUNT_MESSAGES.hasTransactions });
    const deleted = await call('DELETE', `/api/accounts/${visa._id}?moveTo=${accountId}`, authorization);
    expect(deleted.json()).toEqual({ message: ACCOUNT_MESSAGES.deleted, moved: 1 });
    const last = await call('DELETE', `/api/accounts/${accountId}`, authorization);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: ACCOUNT_MESSAGES.lastOpenAccount });
  });

  it('records a transfer as two legs that leave the summary’s income and expense alone, and exports it as such', async () => {
    const { authorization, accountId } = await seedUser(deps);
    const savings = (
      await call('POST', '/api/accounts', authorization, {
        name: 'Savings',
        kind: 'savings',
        openingBalance: 0,
        openingDate: '2026-01-01',
      })
    ).json<{ _id: string }>();
    await call('POST', '/api/transactions', authorization, {
      name: 'Pay',
      category: 'Salary',
      cost: 1000,
      isIncome: true,
      addedOn: '2026-03-01',
    });
    const made = await call('POST', '/api/transfers', authorization, {
      fromAccount: accountId,
      toAccount: savings._id,
      amount: '250.00',
      date: '2026-03-02',
      note: 'Rainy day',
    });
    expect(made.statusCode).toBe(201);
    const transfer = made.json<{ _id: string }>();
    expect(transfer).toEqual({
      _id: expect.any(String),
      from: expect.objectContaining({
        account: accountId,
        cost: 250,
        isIncome: false,
        addedOn: '2026-03-02T00:00:00.000Z',
      }),
      to: expect.objectContaining({ account: savings._id, cost: 250, isIncome: true, note: 'Rainy day' }),
    });
    // The original client's summary keeps its shape: no transfer in income or expense.
    expect((await call('GET', '/api/transactions/summary', authorization)).json()).toMatchObject({
      totalIncome: 1000,
      totalExpenses: 0,
      balance: 1000,
    });
    const csv = (await call('GET', '/api/transactions/export', authorization)).body;
    expect(csv).toContain('2026-03-02,Transfer to Savings,Transfer,transfer,250.00,Rainy day');
    expect(csv).toContain(
      `2026-03-02,Transfer from ${FIRST_ACCOUNT_NAME},Transfer,transfer,250.00,Rainy day`,
    );

    const same = await call('POST', '/api/transfers', authorization, {
      fromAccount: accountId,
      toAccount: accountId,
      amount: 1,
      date: '2026-03-02',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: ACCOUNT_MESSAGES.transferSameAccount });

    expect((await call('DELETE', `/api/transfers/${transfer._id}`, authorization)).statusCode).toBe(200);
    expect((await call('GET', '/api/transactions', authorization)).json().transactions).toHaveLength(1);
    expect((await call('DELETE', `/api/transfers/${transfer._id}`, authorization)).statusCode).toBe(404);
  });
});
