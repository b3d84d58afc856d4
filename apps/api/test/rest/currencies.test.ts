import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES } from '@paisable/contracts';

import { createTestApp, createTestDeps, seedUser } from '../helpers';
import { importUpload } from '../import-fixtures';
import { seedUserWithCaller } from '../transaction-fixtures';

// Accounts in currencies of their own: yen without decimals, dinars with three, transfers across two.
const { app, deps } = await createTestApp(createTestDeps(() => new Date('2026-03-15T12:00:00Z')));

const YEN_DECIMALS = 'Amounts in Japanese Yen (JPY) are whole numbers, with no decimals.';

function call(method: 'GET' | 'POST' | 'PUT', url: string, authorization?: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  });
}

async function restAccount(authorization: string, fields: object) {
  const response = await call('POST', '/api/accounts', authorization, {
    kind: 'checking',
    openingBalance: 0,
    openingDate: '2026-01-01',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string; currency: string; balance: number; openingBalance: number }>();
}

async function accountList(authorization: string) {
  return (await call('GET', '/api/accounts', authorization)).json<{
    accounts: { _id: string; name: string; currency: string; balance: number }[];
  }>().accounts;
}

describe('GET /api/currencies', () => {
  it('lists every active ISO 4217 code with its symbol and decimals, the spec’s seven first', async () => {
    const response = await call('GET', '/api/currencies');
    expect(response.statusCode).toBe(200);
    const { currencies } = response.json<{
      currencies: { code: string; name: string; symbol: string; minorUnit: number }[];
    }>();
    expect(currencies.slice(0, 7).map((c) => c.code)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'CAD',
      'AUD',
      'INR',
    ]);
    const byCode = new Map(currencies.map((c) => [c.code, c]));
    expect(byCode.get('JPY')).toMatchObject({ name: 'Japanese Yen', symbol: '¥', minorUnit: 0 });
    expect(byCode.get('KWD')).toMatchObject({ minorUnit: 3 });
    expect(byCode.get('MYR')).toMatchObject({ symbol: 'RM', minorUnit: 2 });
    expect(byCode.get('CAD')?.symbol).toBe('CA$');
    expect(byCode.has('HRK')).toBe(false);
    expect(currencies.length).toBeGreaterThan(150);
  });
});

describe('accounts in their own currency (REST)', () => {
  it('keeps a yen account’s rows and balance in whole yen, beside a dollar account', async () => {
    const { authorization } = await seedUser(deps);
    const yen = await restAccount(authorization, { name: 'Tokyo', currency: 'jpy', openingBalance: 10000 });
    expect(yen).toMatchObject({ currency: 'JPY', openingBalance: 10000, balance: 10000 });

    const spent = await call('POST', '/api/transactions', authorization, {
      name: 'Ramen',
      category: 'Food',
      cost: 1500,
      addedOn: '2026-03-01',
      account: yen._id,
    });
    expect(spent.statusCode).toBe(201);
    expect(spent.json()).toMatchObject({ cost: 1500, currency: 'JPY', originalAmount: null });

    const accounts = await accountList(authorization);
    expect(accounts.find((a) => a._id === yen._id)).toMatchObject({ currency: 'JPY', balance: 8500 });
    // The CSV writes the amount with the currency's decimals: 1500 yen, not 15.00.
    const csv = await call('GET', '/api/transactions/export', authorization);
    expect(csv.body).toContain('2026-03-01,Ramen,Food,expense,1500,');
    // The dollar account (sign-up's) is untouched and still in dollars.
    expect(accounts.find((a) => a._id !== yen._id)).toMatchObject({ currency: 'USD', balance: 0 });
  });

  it('refuses 12.5 yen with 400 and the currency named, and records nothing', async () => {
    const { authorization } = await seedUser(deps);
    const yen = await restAccount(authorization, { name: 'Tokyo', currency: 'JPY' });
    const refused = await call('POST', '/api/transactions', authorization, {
      name: 'Tea',
      category: 'Food',
      cost: 12.5,
      account: yen._id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: YEN_DECIMALS });
    const list = await call('GET', '/api/transactions?limit=100', authorization);
    expect(list.json<{ transactions: unknown[] }>().transactions).toEqual([]);

    const opening = await call('POST', '/api/accounts', authorization, {
      name: 'Osaka',
      kind: 'cash',
      currency: 'JPY',
      openingBalance: '100.5',
      openingDate: '2026-01-01',
    });
    expect(opening.statusCode).toBe(400);
    expect(opening.json()).toEqual({ message: YEN_DECIMALS });
  });

  it('takes three decimals in Kuwaiti dinars, and refuses a retired or unknown code by name', async () => {
    const { authorization } = await seedUser(deps);
    const dinar = await restAccount(authorization, {
      name: 'Kuwait',
      currency: 'KWD',
      openingBalance: '1.234',
    });
    expect(dinar).toMatchObject({ currency: 'KWD', openingBalance: 1.234, balance: 1.234 });

    for (const [currency, message] of [
      ['HRK', 'HRK is no longer in use (replaced by EUR). Choose EUR.'],
      ['ABC', '"ABC" is not a currency code: use one of ISO 4217, like USD, EUR or JPY.'],
    ]) {
      const refused = await call('POST', '/api/accounts', authorization, {
        name: `Old ${currency}`,
        kind: 'cash',
        currency,
        openingBalance: 0,
        openingDate: '2026-01-01',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
    }
    expect((await accountList(authorization)).map((a) => a.name).sort()).toEqual(['Kuwait', 'Main account']);
  });

  it('changes an account’s currency only while it holds no transactions', async () => {
    const { authorization } = await seedUser(deps);
    const account = await restAccount(authorization, { name: 'Trip', currency: 'EUR' });
    const body = {
      name: 'Trip',
      kind: 'checking',
      openingBalance: 0,
      openingDate: '2026-01-01',
      onBudget: true,
      closed: false,
    };
    const switched = await call('PUT', `/api/accounts/${account._id}`, authorization, {
      ...body,
      currency: 'GBP',
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ currency: 'GBP' });

    await call('POST', '/api/transactions', authorization, {
      name: 'Tube',
      category: 'Transport',
      cost: 2.8,
      account: account._id,
    });
    const refused = await call('PUT', `/api/accounts/${account._id}`, authorization, {
      ...body,
      currency: 'EUR',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: ACCOUNT_MESSAGES.currencyLocked });
    expect((await accountList(authorization)).find((a) => a._id === account._id)).toMatchObject({
      currency: 'GBP',
      balance: -2.8,
    });
  });

  it('a cross-currency transfer states the amount received: without it, 400 and nothing moves', async () => {
    const { authorization, accountId } = await seedUser(deps);
    const euros = await restAccount(authorization, { name: 'Euros', currency: 'EUR' });
    const refused = await call('POST', '/api/transfers', authorization, {
      fromAccount: accountId,
      toAccount: euros._id,
      amount: 100,
      date: '2026-03-01',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: ACCOUNT_MESSAGES.transferNeedsReceived });
    expect((await accountList(authorization)).map((a) => a.balance)).toEqual([0, 0]);

    const made = await call('POST', '/api/transfers', authorization, {
      fromAccount: accountId,
      toAccount: euros._id,
      amount: 100,
      receivedAmount: 91.37,
      date: '2026-03-01',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ from: { cost: 100 }, to: { cost: 91.37 } });
    const balances = Object.fromEntries(
      (await accountList(authorization)).map((a) => [a.currency, a.balance]),
    );
    expect(balances).toEqual({ USD: -100, EUR: 91.37 });
  });
});

describe('accounts in their own currency (tRPC)', () => {
  it('refuses 12.5 yen with BAD_REQUEST naming the currency, and records nothing', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const yen = await caller.accounts.create({
      name: 'Tokyo',
      kind: 'cash',
      currency: 'JPY',
      openingBalance: 0,
      openingDate: '2026-01-01',
    });
    const refused = await caller.transactions
      .create({ name: 'Tea', category: 'Food', amount: 12.5, accountId: yen.id })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: YEN_DECIMALS });

    const row = await caller.transactions.create({
      name: 'Tea',
      category: 'Food',
      amount: 1500,
      accountId: yen.id,
    });
    expect(row).toMatchObject({ amount: 1500, amountCents: 1500, currency: 'JPY' });
    const edit = { id: row.id, name: 'Tea', category: 'Food', isIncome: false, date: row.date };
    await expect(caller.transactions.update({ ...edit, amount: '1500.4' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: YEN_DECIMALS,
    });
    expect((await caller.transactions.get({ id: row.id })).amountCents).toBe(1500);
    await expect(
      caller.transfers.create({
        fromAccountId: yen.id,
        toAccountId: (await caller.accounts.list()).accounts[0]?.id ?? '',
        amount: 1000,
        date: '2026-03-01',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.transferNeedsReceived });
  });

  it('keeps what was paid abroad beside the booked amount, and checks it against its own currency', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const row = await caller.transactions.create({
      name: 'Museum',
      category: 'Entertainment',
      amount: 54.13,
      originalAmount: 50,
      originalCurrency: 'EUR',
    });
    expect(row).toMatchObject({
      amountCents: 5413,
      currency: 'USD',
      originalAmountCents: 5000,
      originalCurrency: 'EUR',
    });

    await expect(
      caller.transactions.create({
        name: 'x',
        category: 'Food',
        amount: 1,
        originalAmount: 12.5,
        originalCurrency: 'JPY',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: YEN_DECIMALS });
    await expect(
      caller.transactions.create({
        name: 'x',
        category: 'Food',
        amount: 1,
        originalAmount: 1,
        originalCurrency: 'USD',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.originalSameCurrency });
    await expect(
      caller.transactions.create({ name: 'x', category: 'Food', amount: 1, originalAmount: 1 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.originalIncomplete });

    // Null clears it; a move to an account in another currency needs the amount in that currency.
    const edit = {
      id: row.id,
      name: 'Museum',
      category: 'Entertainment',
      isIncome: false,
      date: row.date,
      amount: 54.13,
    };
    expect(
      await caller.transactions.update({ ...edit, originalAmount: null, originalCurrency: null }),
    ).toMatchObject({
      originalAmountCents: null,
      originalCurrency: null,
    });
    const yen = await caller.accounts.create({
      name: 'Yen',
      kind: 'cash',
      currency: 'JPY',
      openingBalance: 0,
      openingDate: '2026-01-01',
    });
    await expect(
      caller.transactions.update({ ...edit, amount: 54.13, accountId: yen.id }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: YEN_DECIMALS });
    expect(await caller.transactions.update({ ...edit, amount: 8000, accountId: yen.id })).toMatchObject({
      amountCents: 8000,
      currency: 'JPY',
    });
  });
});

describe('splits, bank files and receipts in a yen account', () => {
  it('keeps a split’s lines in whole yen, and refuses a line of 12.5 yen', async () => {
    const { authorization } = await seedUser(deps);
    const yen = await restAccount(authorization, { name: 'Tokyo', currency: 'JPY' });
    const split = {
      name: 'Konbini',
      cost: 1500,
      addedOn: '2026-03-01',
      account: yen._id,
      splits: [
        { category: 'Food', amount: 1000 },
        { category: 'Household', amount: 500 },
      ],
    };
    const saved = await call('POST', '/api/transactions', authorization, split);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      cost: 1500,
      currency: 'JPY',
      splits: [
        { category: 'Food', amount: 1000, note: '' },
        { category: 'Household', amount: 500, note: '' },
      ],
    });

    const refused = await call('POST', '/api/transactions', authorization, {
      ...split,
      splits: [
        { category: 'Food', amount: 1000 },
        { category: 'Household', amount: 487.5 },
        { category: 'Gifts', amount: 12.5 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: YEN_DECIMALS });
    const list = await call('GET', '/api/transactions?limit=100', authorization);
    expect(list.json<{ transactions: unknown[] }>().transactions).toHaveLength(1);
  });

  it('imports a bank file into a yen account in whole yen, and refuses a row with cents', async () => {
    const { authorization } = await seedUser(deps);
    const yen = await restAccount(authorization, { name: 'Tokyo', currency: 'JPY' });
    const qif = (rows: string[]) => Buffer.from(`!Type:Bank\n${rows.join('')}`);
    const ramen = 'D03/01/2026\nT-1500.00\nPRamen\n^\n';
    const fields = { accountId: yen._id };

    const refused = await app.inject(
      importUpload('/api/imports', qif([ramen, 'D03/02/2026\nT-12.50\nPTea\n^\n']), {
        authorization,
        fields,
      }),
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(`Row 2 (2026-03-02, Tea): ${YEN_DECIMALS}`);

    // The preview names the account's currency: its amounts are whole yen.
    const preview = await app.inject(
      importUpload('/api/imports/preview', qif([ramen]), { authorization, fields }),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(
      preview.json<{ destination: { currency: string }; rows: { amountCents: number }[] }>(),
    ).toMatchObject({ destination: { currency: 'JPY' }, rows: [{ amountCents: 1500 }] });

    const imported = await app.inject(importUpload('/api/imports', qif([ramen]), { authorization, fields }));
    expect(imported.statusCode, imported.body).toBe(201);
    const accounts = await accountList(authorization);
    expect(accounts.find((a) => a._id === yen._id)).toMatchObject({ currency: 'JPY', balance: -1500 });
    // The same file again adds nothing: the duplicate check compares yen with yen.
    const again = await app.inject(importUpload('/api/imports', qif([ramen]), { authorization, fields }));
    expect(again.json<{ importedCount: number }>().importedCount).toBe(0);
  });
});
