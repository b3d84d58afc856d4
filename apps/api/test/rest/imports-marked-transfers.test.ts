import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES } from '@paisable/contracts';

import { createTestApp, seedUser } from '../helpers';
import { importUpload } from '../import-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const { app, deps } = await createTestApp();

const statement = Buffer.from(
  'Date,Description,Amount\n2025-03-01,To savings,-200.00\n2025-03-02,Coffee,-3.00\n2025-03-03,Card payment,-50.00\n',
);

type Account = { _id: string; name: string; balance: number };

async function accountsOf(authorization: string): Promise<Account[]> {
  const list = await app.inject({ method: 'GET', url: '/api/accounts', headers: { authorization } });
  return list.json<{ accounts: Account[] }>().accounts;
}

async function openAccount(authorization: string, name: string): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/accounts',
    headers: { authorization },
    payload: { name, kind: 'savings', openingBalance: 0, openingDate: '2025-01-01' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Account>()._id;
}

describe('rows marked as transfers in the preview', () => {
  it('saves a marked row as a transfer: with an opposite leg in the account picked, or with the row saved there', async () => {
    const { authorization, accountId: main } = await seedUser(deps);
    const savings = await openAccount(authorization, 'Savings');
    const card = await openAccount(authorization, 'Card');
    const received = await app.inject(
      importUpload(
        '/api/imports',
        Buffer.from('Date,Description,Amount\n2025-03-04,Payment received,50.00\n'),
        {
          authorization,
          fields: { accountId: card },
        },
      ),
    );
    expect(received.statusCode, received.body).toBe(201);

    const rowChanges = JSON.stringify([
      { row: 0, transferAccount: savings },
      { row: 2, transferAccount: card },
    ]);
    const imported = await app.inject(
      importUpload('/api/imports', statement, { authorization, fields: { accountId: main, rowChanges } }),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ importedCount: 3, transferCount: 2 });

    // The 200.00 arrived in Savings (a leg written there); the card's saved 50.00 is the other side, not doubled.
    const balances = Object.fromEntries((await accountsOf(authorization)).map((a) => [a.name, a.balance]));
    expect(balances).toMatchObject({ Savings: 200, Card: 50 });
    expect((await accountsOf(authorization)).find((a) => a._id === main)?.balance).toBe(-253);
  });

  it('refuses a transfer with the account the file goes into, or with another user’s account, and saves nothing', async () => {
    const { authorization, accountId: main, user } = await seedUser(deps);
    const stranger = await seedUser(deps);
    const before = await userDataFingerprint(deps.db, [user.id, stranger.user.id]);
    for (const [other, status, message] of [
      [main, 400, ACCOUNT_MESSAGES.transferSameAccount],
      [stranger.accountId, 404, ACCOUNT_MESSAGES.notFound],
    ] as const) {
      const refused = await app.inject(
        importUpload('/api/imports', statement, {
          authorization,
          fields: { accountId: main, rowChanges: JSON.stringify([{ row: 0, transferAccount: other }]) },
        }),
      );
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json<{ message: string }>().message).toBe(message);
    }
    expect(await userDataFingerprint(deps.db, [user.id, stranger.user.id])).toBe(before);
  });
});
