import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES, FIRST_ACCOUNT_NAME, IMPORT_MESSAGES } from '@paisable/contracts';

import { createTestApp, seedUser } from '../helpers';
import { importFixture, importUpload } from '../import-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const { app, deps } = await createTestApp();
// Checking ••••8776 (5 rows, closing 200.29), Savings ••••2345 (1 row of 0.42, closing 1000.42), a card.
const ofx = importFixture('ofx102-multi-account.ofx');

type Preview = {
  destination: { accountId?: string; name: string; reason: string };
  proposedAccount?: {
    name: string;
    kind: string;
    number?: string;
    openingBalanceCents: number;
    openingDate: string;
  };
  newCount: number;
  duplicateCount: number;
  balanceCheck?: { accountId?: string; differenceCents: string };
};
type Account = { _id: string; name: string; kind: string; openingBalance: number; balance: number };

async function accountsOf(authorization: string): Promise<Account[]> {
  const list = await app.inject({ method: 'GET', url: '/api/accounts', headers: { authorization } });
  return list.json<{ accounts: Account[] }>().accounts;
}

describe('bank files into the account they belong to', () => {
  it('proposes a new account for a statement no account is known by, opens it on import, and finds it the next time', async () => {
    const { authorization } = await seedUser(deps);
    const [main] = await accountsOf(authorization);

    const first = await app.inject(importUpload('/api/imports/preview', ofx, { authorization }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Preview>()).toMatchObject({
      destination: { accountId: main?._id, name: FIRST_ACCOUNT_NAME, reason: 'first' },
      // The balance before the first row: the closing 200.29 less the rows' 1,942.40 (45.10 is a debit).
      proposedAccount: {
        name: 'Checking ••••8776',
        kind: 'checking',
        number: '••••8776',
        openingBalanceCents: -174211,
        openingDate: '2025-01-04',
      },
    });

    const asNew = { authorization, fields: { account: 'account-1', newAccount: 'true' } };
    const previewNew = await app.inject(importUpload('/api/imports/preview', ofx, asNew));
    expect(previewNew.json<Preview>()).toMatchObject({
      destination: { name: 'Checking ••••8776', reason: 'new' },
      newCount: 5,
      balanceCheck: { differenceCents: '0' },
    });
    expect(previewNew.json<Preview>().destination.accountId).toBeUndefined();

    const imported = await app.inject(importUpload('/api/imports', ofx, asNew));
    expect(imported.statusCode, imported.body).toBe(201);
    const opened = (await accountsOf(authorization)).find((account) => account.name === 'Checking ••••8776');
    expect(opened).toMatchObject({ kind: 'checking', openingBalance: -1742.11, balance: 200.29 });
    expect(imported.json<{ accountId: string; importedCount: number }>()).toMatchObject({
      accountId: opened?._id,
      importedCount: 5,
    });

    // The same file again, nothing chosen: its number leads to the new account, and every row is there.
    const again = await app.inject(importUpload('/api/imports/preview', ofx, { authorization }));
    expect(again.json<Preview>()).toMatchObject({
      destination: { accountId: opened?._id, name: 'Checking ••••8776', reason: 'number' },
      newCount: 0,
      duplicateCount: 5,
      balanceCheck: { accountId: opened?._id, differenceCents: '0' },
    });
    expect(again.json<Preview>().proposedAccount).toBeUndefined();
    expect((await accountsOf(authorization)).length).toBe(2);
  });

  it('remembers the account a user chose for a statement, and keeps bank ids apart per account', async () => {
    const { authorization } = await seedUser(deps);
    const [main] = await accountsOf(authorization);
    const savings = { account: 'account-2' };

    const chosen = await app.inject(
      importUpload('/api/imports', ofx, {
        authorization,
        fields: { ...savings, accountId: main?._id ?? '' },
      }),
    );
    expect(chosen.statusCode, chosen.body).toBe(201);
    const next = await app.inject(
      importUpload('/api/imports/preview', ofx, { authorization, fields: savings }),
    );
    expect(next.json<Preview>()).toMatchObject({
      destination: { accountId: main?._id, reason: 'number' },
      duplicateCount: 1,
    });
    expect(next.json<Preview>().proposedAccount).toBeUndefined();

    // The checking statement's rows are not in the savings account's place: in a new account they are all new.
    const checking = await app.inject(
      importUpload('/api/imports', ofx, {
        authorization,
        fields: { account: 'account-1', newAccount: 'true' },
      }),
    );
    expect(checking.json<{ importedCount: number }>().importedCount).toBe(5);
    const balances = Object.fromEntries((await accountsOf(authorization)).map((a) => [a.name, a.balance]));
    expect(balances).toEqual({ [FIRST_ACCOUNT_NAME]: 0.42, 'Checking ••••8776': 200.29 });
  });

  it('moves a row into an account that holds the same bank transaction without refusing the move', async () => {
    const { authorization } = await seedUser(deps);
    const [main] = await accountsOf(authorization);
    const savings = { account: 'account-2' };
    await app.inject(
      importUpload('/api/imports', ofx, { authorization, fields: { ...savings, newAccount: 'true' } }),
    );
    await app.inject(
      importUpload('/api/imports', ofx, {
        authorization,
        fields: { ...savings, accountId: main?._id ?? '' },
      }),
    );
    const list = await app.inject({ method: 'GET', url: '/api/transactions', headers: { authorization } });
    const rows = list.json<{ transactions: { _id: string; account: string }[] }>().transactions;
    const inMain = rows.find((row) => row.account === main?._id);
    const opened = (await accountsOf(authorization)).find((account) => account._id !== main?._id);
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/transactions/${inMain?._id}`,
      headers: { authorization },
      payload: { account: opened?._id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const balances = Object.fromEntries((await accountsOf(authorization)).map((a) => [a.name, a.balance]));
    expect(balances).toEqual({ [FIRST_ACCOUNT_NAME]: 0, 'Savings ••••2345': 1000.84 });
  });

  it('moves rows carrying one bank id from two accounts into a third in one bulk edit', async () => {
    const { authorization } = await seedUser(deps);
    const [main] = await accountsOf(authorization);
    const savings = { account: 'account-2' };
    await app.inject(
      importUpload('/api/imports', ofx, { authorization, fields: { ...savings, newAccount: 'true' } }),
    );
    await app.inject(
      importUpload('/api/imports', ofx, {
        authorization,
        fields: { ...savings, accountId: main?._id ?? '' },
      }),
    );
    const joint = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { authorization },
      payload: { name: 'Joint', kind: 'checking', openingBalance: 0, openingDate: '2025-01-01' },
    });
    expect(joint.statusCode, joint.body).toBe(201);
    const list = await app.inject({ method: 'GET', url: '/api/transactions', headers: { authorization } });
    const ids = list.json<{ transactions: { _id: string }[] }>().transactions.map((row) => row._id);
    expect(ids).toHaveLength(2);
    const moved = await app.inject({
      method: 'PUT',
      url: '/api/transactions/bulk',
      headers: { authorization },
      payload: { transactionIds: ids, set: { account: joint.json<{ _id: string }>()._id } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const balances = Object.fromEntries((await accountsOf(authorization)).map((a) => [a.name, a.balance]));
    expect(balances).toMatchObject({ [FIRST_ACCOUNT_NAME]: 0, 'Savings ••••2345': 1000, Joint: 0.84 });
  });

  it('saves a deposit and a withdrawal of another account up to 4 days apart as one transfer, unless declined', async () => {
    const { authorization } = await seedUser(deps);
    const headers = { authorization };
    const add = (addedOn: string, cost: string) =>
      app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers,
        payload: { name: 'To savings', category: 'Other', cost, isIncome: false, addedOn },
      });
    // The savings statement's one row: +0.42 on 31 January. The main account paid it out 3 days before;
    // the same amount 5 days before is something else.
    const near = (await add('2025-01-28', '0.42')).json<{ _id: string }>();
    await add('2025-01-26', '0.42');
    const fields = { account: 'account-2', newAccount: 'true' };
    const preview = await app.inject(importUpload('/api/imports/preview', ofx, { authorization, fields }));
    const [row] = preview.json<{ rows: { transferOf?: object }[] }>().rows;
    expect(row?.transferOf).toMatchObject({
      id: near._id,
      accountName: FIRST_ACCOUNT_NAME,
      date: '2025-01-28',
    });

    const imported = await app.inject(importUpload('/api/imports', ofx, { authorization, fields }));
    expect(imported.json()).toMatchObject({ importedCount: 1, transferCount: 1 });
    const list = await app.inject({ method: 'GET', url: '/api/transactions?limit=10', headers });
    const rows = list.json<{ transactions: { _id: string; category: string; addedOn: string }[] }>()
      .transactions;
    expect(rows.map((r) => [r.addedOn.slice(0, 10), r.category])).toEqual([
      ['2025-01-31', 'Transfer'],
      ['2025-01-28', 'Transfer'],
      ['2025-01-26', 'Other'],
    ]);
    // A transfer is neither income nor expense: only the unmatched 0.42 is spent.
    const summary = await app.inject({ method: 'GET', url: '/api/transactions/summary', headers });
    expect(summary.json()).toMatchObject({ totalIncome: 0, totalExpenses: 0.42 });

    // Declined in the preview: the deposit imports as income, the withdrawal stays an expense.
    const other = await seedUser(deps);
    const theirs = { authorization: other.authorization };
    await app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: theirs,
      payload: {
        name: 'To savings',
        category: 'Other',
        cost: '0.42',
        isIncome: false,
        addedOn: '2025-01-30',
      },
    });
    const declined = await app.inject(
      importUpload('/api/imports', ofx, {
        authorization: other.authorization,
        fields: { ...fields, rowChanges: JSON.stringify([{ row: 0, transfer: false }]) },
      }),
    );
    expect(declined.json()).toMatchObject({ importedCount: 1, transferCount: 0 });
    const theirSummary = await app.inject({
      method: 'GET',
      url: '/api/transactions/summary',
      headers: theirs,
    });
    expect(theirSummary.json()).toMatchObject({ totalIncome: 0.42, totalExpenses: 0.42 });
  });

  it('refuses an account and a new account at once, or another user’s account, and saves nothing', async () => {
    const { authorization, user } = await seedUser(deps);
    const other = await seedUser(deps);
    const [theirs] = await accountsOf(other.authorization);
    const before = await userDataFingerprint(deps.db, [user.id, other.user.id]);
    const cases: [Record<string, string>, number, string][] = [
      [{ newAccount: 'true', accountId: theirs?._id ?? '' }, 400, IMPORT_MESSAGES.accountOrNewAccount],
      [{ accountId: theirs?._id ?? '' }, 404, ACCOUNT_MESSAGES.notFound],
      [{ accountId: 'not-an-id' }, 404, ACCOUNT_MESSAGES.notFound],
    ];
    for (const [fields, status, message] of cases) {
      for (const url of ['/api/imports/preview', '/api/imports'] as const) {
        const answer = await app.inject(
          importUpload(url, ofx, { authorization, fields: { account: 'account-1', ...fields } }),
        );
        expect(answer.statusCode, `${url} ${JSON.stringify(fields)}`).toBe(status);
        expect(answer.json<{ message: string }>().message).toBe(message);
      }
    }
    expect(await userDataFingerprint(deps.db, [user.id, other.user.id])).toEqual(before);
  });
});
