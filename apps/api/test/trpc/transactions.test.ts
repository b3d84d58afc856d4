import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { createTestApp, createTestDeps } from '../helpers';
import { addTransaction, seedUserWithCaller, UNKNOWN_ID } from '../transaction-fixtures';

/** Too many decimals for the account's currency (US dollars): the message names it. */
const USD_DECIMALS = 'Amounts in United States Dollar (USD) can have at most 2 decimal places.';

const NOW = new Date('2025-01-31T12:00:00Z');
const deps = createTestDeps(() => NOW);

describe('transactions.create and get', () => {
  it('returns the contract shape: decimal amount, exact cents, calendar date', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const created = await caller.transactions.create({
      name: 'Rent',
      category: 'Bills',
      amount: 1200.5,
      date: '2025-01-01',
      note: 'January',
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Rent',
      category: 'Bills',
      amount: 1200.5,
      amountCents: 120050,
      currency: 'USD',
      originalAmountCents: null,
      originalCurrency: null,
      isIncome: false,
      date: '2025-01-01',
      note: 'January',
      accountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      transferId: null,
      tags: [],
      cleared: false,
      payee: null,
      bankPayee: null,
      splits: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await caller.transactions.get({ id: created.id })).toEqual(created);
  });

  it.each([
    ['Pacific/Kiritimati', '2025-02-01'],
    ['America/Adak', '2025-01-31'],
  ])('keeps an explicit date and defaults to today in %s', async (timeZone, today) => {
    const { caller } = await seedUserWithCaller(deps, { timeZone });
    expect((await addTransaction(caller, { date: '2025-01-31' })).date).toBe('2025-01-31');
    expect((await addTransaction(caller, { date: undefined })).date).toBe(today);
  });

  it('sums 0.1 + 0.2 exactly in cents', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await addTransaction(caller, { amount: 0.1 });
    await addTransaction(caller, { amount: '0.2' });
    const { items } = await caller.transactions.list({});
    expect(items.reduce((total, row) => total + row.amountCents, 0)).toBe(30);
  });

  it.each([
    [{ amount: 0 }, MESSAGES.amountNotPositive],
    [{ amount: -1 }, MESSAGES.amountNotPositive],
    [{ amount: 1.999 }, USD_DECIMALS],
    [{ amount: Number.NaN }, MESSAGES.amountNotANumber],
    [{ amount: 1e13 }, MESSAGES.amountTooLarge],
    [{ amount: 1e15 }, MESSAGES.amountTooLarge],
    [{ amount: '1000000000000000' }, MESSAGES.amountTooLarge],
    [{ amount: 12.345 }, USD_DECIMALS],
    [{ date: '2025-02-30' }, MESSAGES.invalidDate],
    [{ date: '1900-01-01' }, MESSAGES.dateOutOfRange],
    [{ date: '2999-12-31' }, MESSAGES.dateOutOfRange],
    [{ date: '2035-02-02' }, MESSAGES.dateOutOfRange],
    [{ name: 'n'.repeat(300) }, MESSAGES.transactionNameTooLong],
    [{ category: 'c'.repeat(51) }, MESSAGES.categoryNameTooLong],
    [{ note: 'n'.repeat(2001) }, MESSAGES.noteTooLong],
    [{ name: '' }, MESSAGES.transactionNameRequired],
    [{ category: ' ' }, MESSAGES.categoryRequired],
    [{ name: 'Caf\u0000e' }, MESSAGES.textHasNullCharacter],
    [{ note: '\u0000' }, MESSAGES.textHasNullCharacter],
  ])('refuses %j with BAD_REQUEST', async (fields, message) => {
    const { caller } = await seedUserWithCaller(deps);
    // A direct caller gets zod's report as the message; over HTTP the formatter turns it into `message`.
    await expect(addTransaction(caller, fields)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(message),
    });
    expect((await caller.transactions.list({})).total).toBe(0);
  });

  it("answers NOT_FOUND for unknown, malformed and another user's ids", async () => {
    const owner = await seedUserWithCaller(deps);
    const { caller } = await seedUserWithCaller(deps);
    const theirs = await addTransaction(owner.caller);
    for (const id of [UNKNOWN_ID, 'nope', theirs.id]) {
      await expect(caller.transactions.get({ id })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: MESSAGES.transactionNotFound,
      });
    }
  });
});

describe('transactions.update', () => {
  it('replaces every field: a missing note clears it', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const created = await addTransaction(caller, { note: 'to be cleared' });
    const updated = await caller.transactions.update({
      id: created.id,
      name: 'Refund',
      category: 'Refunds',
      amount: '7.25',
      isIncome: true,
      date: '2024-12-31',
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Refund',
      category: 'Refunds',
      amountCents: 725,
      isIncome: true,
      date: '2024-12-31',
      note: '',
    });
  });

  it('refuses a zero amount and keeps the row', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const created = await addTransaction(caller);
    await expect(caller.transactions.update({ ...created, amount: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(MESSAGES.amountNotPositive),
    });
    expect(await caller.transactions.get({ id: created.id })).toEqual(created);
  });

  it("cannot edit a deleted or another user's transaction", async () => {
    const owner = await seedUserWithCaller(deps);
    const theirs = await addTransaction(owner.caller);
    const { caller } = await seedUserWithCaller(deps);
    const mine = await addTransaction(caller);
    await caller.transactions.delete({ id: mine.id });
    for (const row of [theirs, mine]) {
      await expect(caller.transactions.update({ ...row, name: 'Changed' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    expect(await owner.caller.transactions.get({ id: theirs.id })).toEqual(theirs);
  });
});

describe('transactions.list', () => {
  it('pages with total and totalPages, and filters like the REST list', async () => {
    const { caller } = await seedUserWithCaller(deps);
    for (let i = 0; i < 3; i++)
      await addTransaction(caller, { name: `Lunch ${i}`, date: `2025-01-0${i + 1}` });
    await addTransaction(caller, {
      name: 'Pay',
      category: 'Salary',
      isIncome: true,
      note: 'for lunch money',
    });
    const page = await caller.transactions.list({ page: 2, limit: 2, search: 'LUNCH' });
    expect(page).toMatchObject({ total: 4, totalPages: 2, page: 2 });
    expect(page.items.map((row) => row.name)).toEqual(['Lunch 1', 'Lunch 0']);
    const incomes = await caller.transactions.list({
      isIncome: true,
      startDate: '2025-01-15',
      endDate: '2025-01-15',
    });
    expect(incomes.items.map((row) => row.name)).toEqual(['Pay']);
  });

  it('refuses a page below 1', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await expect(caller.transactions.list({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('transactions.delete, deleteMany and restore', () => {
  it('deletes one, several, and undoes it', async () => {
    const { caller } = await seedUserWithCaller(deps);
    const [a, b, c] = [
      await addTransaction(caller),
      await addTransaction(caller),
      await addTransaction(caller),
    ];
    expect(await caller.transactions.delete({ id: a.id })).toEqual({ id: a.id });
    expect(await caller.transactions.deleteMany({ ids: [b.id, c.id, b.id] })).toEqual({ deletedCount: 2 });
    expect((await caller.transactions.list({})).total).toBe(0);
    expect(await caller.transactions.restore({ ids: [a.id, b.id, c.id] })).toEqual({ restoredCount: 3 });
    expect((await caller.transactions.list({})).total).toBe(3);
  });

  it("refuses the whole deleteMany when one id is another user's", async () => {
    const owner = await seedUserWithCaller(deps);
    const theirs = await addTransaction(owner.caller);
    const { caller } = await seedUserWithCaller(deps);
    const mine = await addTransaction(caller);
    await expect(caller.transactions.deleteMany({ ids: [mine.id, theirs.id] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: MESSAGES.someTransactionsNotFound,
    });
    expect((await caller.transactions.list({})).total).toBe(1);
    expect((await owner.caller.transactions.list({})).total).toBe(1);
  });

  it('refuses an empty id list', async () => {
    const { caller } = await seedUserWithCaller(deps);
    await expect(caller.transactions.deleteMany({ ids: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('transactions over HTTP', () => {
  it('maps a missing transaction to a 404 and a bad amount to a 400', async () => {
    const { app } = await createTestApp(deps);
    const { authorization } = await seedUserWithCaller(deps);
    const missing = await app.inject({
      method: 'GET',
      url: `/trpc/transactions.get?input=${encodeURIComponent(JSON.stringify({ id: UNKNOWN_ID }))}`,
      headers: { authorization },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(MESSAGES.transactionNotFound);
    const bad = await app.inject({
      method: 'POST',
      url: '/trpc/transactions.create',
      headers: { authorization },
      payload: { name: 'x', category: 'Food', amount: 1.234 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(USD_DECIMALS);
  });
});
