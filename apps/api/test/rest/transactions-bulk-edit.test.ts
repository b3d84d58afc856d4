import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES, MESSAGES, TRANSACTION_LIST_MESSAGES } from '@paisable/contracts';

import { createTransfer } from '../../src/modules/accounts/transfers';
import { createTestApp } from '../helpers';
import { addTransaction, seedUserWithCaller, UNKNOWN_ID } from '../transaction-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const { app, deps } = await createTestApp();

async function send(method: 'PUT' | 'POST' | 'GET', url: string, authorization: string, payload?: unknown) {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization },
    payload: payload as object,
  });
  return { status: response.statusCode, body: response.json() };
}

type Row = {
  _id: string;
  name: string;
  category: string;
  note: string;
  addedOn: string;
  isIncome: boolean;
  account: string;
};

async function rowsOf(authorization: string): Promise<Row[]> {
  const { body } = await send('GET', '/transactions?limit=100&sort=name', authorization);
  return body.transactions as Row[];
}

async function seedThree() {
  const seeded = await seedUserWithCaller(deps);
  const { caller } = seeded;
  const rows = [
    await addTransaction(caller, {
      name: 'Bread',
      category: 'Food',
      amount: 3,
      date: '2025-03-01',
      note: 'bakery',
    }),
    await addTransaction(caller, { name: 'Soap', category: 'Food', amount: 5, date: '2025-03-02' }),
    await addTransaction(caller, { name: 'Water bill', category: 'Bills', amount: 40, date: '2025-03-03' }),
  ];
  return { ...seeded, ids: rows.map((row) => row.id) };
}

describe('PUT /api/transactions/bulk', () => {
  it('previews, then sets the category and appends a note on every row, and the undo puts them back', async () => {
    const { authorization, ids } = await seedThree();
    const original = await rowsOf(authorization);
    const body = {
      transactionIds: ids,
      set: { category: 'Household', note: { mode: 'append', text: 'receipt 12' } },
    };

    const preview = await send('PUT', '/transactions/bulk', authorization, { ...body, preview: true });
    expect(preview).toMatchObject({ status: 200, body: { changedCount: 3, previous: [] } });
    expect(await rowsOf(authorization)).toEqual(original);

    const edit = await send('PUT', '/transactions/bulk', authorization, body);
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ message: '3 transactions updated successfully', changedCount: 3 });
    const after = await rowsOf(authorization);
    expect(after.map((row) => [row.name, row.category, row.note])).toEqual([
      ['Bread', 'Household', 'bakery\nreceipt 12'],
      ['Soap', 'Household', 'receipt 12'],
      ['Water bill', 'Household', 'receipt 12'],
    ]);
    // The category filter and the dashboard follow at once.
    const household = await send('GET', '/transactions?category=Household', authorization);
    expect(household.body.transactions).toHaveLength(3);

    const undo = await send('POST', '/transactions/bulk/undo', authorization, {
      previous: edit.body.previous,
    });
    expect(undo).toMatchObject({ status: 200, body: { restoredCount: 3 } });
    const restored = await rowsOf(authorization);
    expect(restored.map(({ updatedAt: _u, ...row }: Row & { updatedAt?: string }) => row)).toEqual(
      original.map(({ updatedAt: _u, ...row }: Row & { updatedAt?: string }) => row),
    );
  });

  it('moves rows to another date and type, counting only the rows that change', async () => {
    const { authorization, ids, caller } = await seedThree();
    const edit = await send('PUT', '/transactions/bulk', authorization, {
      transactionIds: ids,
      set: { addedOn: '2025-03-02', note: 'replaced' },
    });
    expect(edit.body.changedCount).toBe(3);
    const again = await send('PUT', '/transactions/bulk', authorization, {
      transactionIds: ids,
      set: { addedOn: '2025-03-02T00:00:00.000Z', note: 'replaced' },
    });
    expect(again.body).toMatchObject({ changedCount: 0, previous: [] });
    const summaryBefore = await caller.transactions.summary();
    expect(summaryBefore.totalExpensesCents).toBe('4800');
    await send('PUT', '/transactions/bulk', authorization, {
      transactionIds: [ids[0]],
      set: { isIncome: 'true' },
    });
    const summary = await caller.transactions.summary();
    expect(summary).toMatchObject({ totalExpensesCents: '4500', totalIncomeCents: '300' });
  });

  it('refuses the whole request for an unknown id, another user’s id or a transfer, and changes nothing', async () => {
    const alice = await seedThree();
    const bob = await seedThree();
    const fingerprint = () => userDataFingerprint(deps.db, [alice.user.id, bob.user.id]);
    const unchanged = await fingerprint();
    const set = { category: 'Household' };

    expect(
      await send('PUT', '/transactions/bulk', alice.authorization, {
        transactionIds: [...alice.ids, bob.ids[0]],
        set,
      }),
    ).toEqual({
      status: 404,
      body: { message: MESSAGES.someTransactionsNotFound },
    });
    expect(
      (
        await send('PUT', '/transactions/bulk', alice.authorization, {
          transactionIds: [alice.ids[0], UNKNOWN_ID],
          set,
        })
      ).status,
    ).toBe(404);
    expect(
      (await send('PUT', '/transactions/bulk', alice.authorization, { transactionIds: ['nope'], set }))
        .status,
    ).toBe(404);
    // Bob's undo cannot write Alice's rows back either.
    const aliceRow = {
      _id: alice.ids[0],
      category: 'Food',
      account: UNKNOWN_ID,
      isIncome: false,
      addedOn: '2025-03-01',
      note: '',
    };
    expect(
      (await send('POST', '/transactions/bulk/undo', bob.authorization, { previous: [aliceRow] })).status,
    ).toBe(404);
    expect(await fingerprint()).toBe(unchanged);

    const accounts = await alice.caller.accounts.list();
    const savings = await alice.caller.accounts.create({
      name: 'Savings',
      kind: 'savings',
      openingBalance: 0,
      openingDate: '2025-01-01',
    });
    const transfer = await createTransfer(deps, {
      userId: alice.user.id,
      fromAccountId: accounts.accounts[0]?.id ?? '',
      toAccountId: savings.id,
      amount: '1',
      date: '2025-03-04',
      note: '',
    });
    const withTransfer = await fingerprint();
    expect(
      await send('PUT', '/transactions/bulk', alice.authorization, {
        transactionIds: [alice.ids[0], transfer.fromTransactionId],
        set,
      }),
    ).toEqual({ status: 409, body: { message: TRANSACTION_LIST_MESSAGES.bulkEditTransfers } });
    expect(await fingerprint()).toBe(withTransfer);
  });

  it('moves rows to another account only in their own currency, and the undo takes them back', async () => {
    const { authorization, ids, caller, user } = await seedThree();
    const euros = await caller.accounts.create({
      name: 'Euro card',
      kind: 'credit_card',
      currency: 'EUR',
      openingBalance: 0,
      openingDate: '2025-01-01',
    });
    const savings = await caller.accounts.create({
      name: 'Savings',
      kind: 'savings',
      openingBalance: 0,
      openingDate: '2025-01-01',
    });
    const unchanged = await userDataFingerprint(deps.db, [user.id]);
    expect(
      await send('PUT', '/transactions/bulk', authorization, {
        transactionIds: ids,
        set: { account: euros.id },
      }),
    ).toEqual({ status: 400, body: { message: ACCOUNT_MESSAGES.moveAcrossCurrencies } });
    expect(await userDataFingerprint(deps.db, [user.id])).toBe(unchanged);

    const moved = await send('PUT', '/transactions/bulk', authorization, {
      transactionIds: ids,
      set: { account: savings.id },
    });
    expect(moved.body.changedCount).toBe(3);
    expect((await rowsOf(authorization)).every((row) => row.account === savings.id)).toBe(true);
    // The undo names the rows as another program may spell them (upper case): they go back all the same.
    const previous = (moved.body.previous as Row[]).map((row) => ({ ...row, _id: row._id.toUpperCase() }));
    const undo = await send('POST', '/transactions/bulk/undo', authorization, { previous });
    expect(undo).toMatchObject({ status: 200, body: { restoredCount: 3 } });
    expect((await rowsOf(authorization)).some((row) => row.account === savings.id)).toBe(false);
  });

  it('keeps a note holding half an emoji (a client that cut one) instead of failing', async () => {
    const { authorization, ids } = await seedThree();
    const edit = await send('PUT', '/transactions/bulk', authorization, {
      transactionIds: ids,
      set: { note: { mode: 'replace', text: 'coffee \ud83d' } },
    });
    expect(edit.status).toBe(200);
    expect((await rowsOf(authorization)).map((row) => row.note)).toEqual([
      'coffee \ufffd',
      'coffee \ufffd',
      'coffee \ufffd',
    ]);
  });

  it('refuses an empty change, a bad date and a note that would grow too long, with clear messages', async () => {
    const { authorization, ids, caller } = await seedThree();
    expect(await send('PUT', '/transactions/bulk', authorization, { transactionIds: ids, set: {} })).toEqual({
      status: 400,
      body: { message: TRANSACTION_LIST_MESSAGES.bulkEditEmpty },
    });
    expect(
      (
        await send('PUT', '/transactions/bulk', authorization, {
          transactionIds: ids,
          set: { addedOn: '2025-02-30' },
        })
      ).body,
    ).toEqual({
      message: MESSAGES.invalidDate,
    });
    await caller.transactions.bulkEdit({ ids, set: { note: { mode: 'replace', text: 'x'.repeat(1500) } } });
    await expect(
      caller.transactions.bulkEdit({ ids, set: { note: { mode: 'append', text: 'y'.repeat(600) } } }),
    ).rejects.toThrow(TRANSACTION_LIST_MESSAGES.bulkEditNoteTooLong);
    expect((await rowsOf(authorization)).every((row) => row.note === 'x'.repeat(1500))).toBe(true);
  });

  it('edits and undoes on tRPC, spelling the category as the user’s own', async () => {
    const { caller, ids } = await seedThree();
    await caller.categories.create({ kind: 'expense', name: 'Household' });
    const result = await caller.transactions.bulkEdit({
      ids: ids.slice(0, 2),
      set: { category: 'household' },
    });
    expect(result.changedCount).toBe(2);
    const page = await caller.transactions.list({ category: 'Household' });
    expect(page.items.map((item) => item.category)).toEqual(['Household', 'Household']);
    expect(await caller.transactions.undoBulkEdit({ rows: result.before })).toEqual({ restoredCount: 2 });
    expect((await caller.transactions.list({ category: 'Food' })).total).toBe(2);
  });
});
