import { describe, expect, it } from 'vitest';

import { ACCOUNT_MESSAGES, IMPORT_MESSAGES } from '@paisable/contracts';

import { idsOfRows } from '../../src/modules/imports/saved-links';
import { insertLedgerRows } from '../../src/modules/transactions/ledger';
import { createTestApp, seedUser } from '../helpers';
import { importFixture, importUpload } from '../import-fixtures';
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

describe('a marked row whose bank id was saved after the preview', () => {
  // Two rows with bank ids (FITID): coffee (−4.75, 2025-03-05) and salary (+1,200.00, 2025-03-15).
  const checking = importFixture('qfx-checking.qfx');
  const coffeeOnly = Buffer.from(
    checking.toString('latin1').replace(/<STMTTRN><TRNTYPE>CREDIT.*?<\/STMTTRN>/, ''),
    'latin1',
  );

  it('is reported with its reason, not dropped silently, and no leg is written for it', async () => {
    const { authorization, accountId: main } = await seedUser(deps);
    const savings = await openAccount(authorization, 'Savings');
    const fields = { accountId: main };
    const preview = await app.inject(
      importUpload('/api/imports/preview', checking, { authorization, fields }),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const [coffee] = preview.json<{ rows: { name: string; date: string }[] }>().rows;

    // Another tab imports the coffee (same FITID) into the account before this import is saved.
    const otherTab = await app.inject(importUpload('/api/imports', coffeeOnly, { authorization, fields }));
    expect(otherTab.json()).toMatchObject({ importedCount: 1 });

    const rowChanges = JSON.stringify([
      { row: 0, transferAccount: savings },
      { row: 1, transferAccount: savings },
    ]);
    const imported = await app.inject(
      importUpload('/api/imports', checking, { authorization, fields: { ...fields, rowChanges } }),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({
      importedCount: 1,
      duplicateCount: 1,
      transferCount: 1,
      notSaved: [
        {
          row: 0,
          date: coffee?.date,
          name: coffee?.name,
          message: IMPORT_MESSAGES.markedTransferSavedMeanwhile,
        },
      ],
    });
    // The salary became a transfer from Savings (its leg written there); nothing was written for the coffee.
    const balances = Object.fromEntries((await accountsOf(authorization)).map((a) => [a.name, a.balance]));
    expect(balances).toMatchObject({ Savings: -1200 });
    expect((await accountsOf(authorization)).find((a) => a._id === main)?.balance).toBe(1195.25);
  });

  it('is told apart from the saved rows when the insert itself skips it (its bank id saved meanwhile)', async () => {
    const { user, accountId } = await seedUser(deps);
    const base = { accountId, category: 'Food', isIncome: false, date: '2025-03-05' };
    const now = () => new Date();
    await insertLedgerRows(
      { db: deps.db, now },
      { userId: user.id, rows: [{ ...base, name: 'Taken', amountCents: 100, bankId: 'B' }] },
    );
    const rows = [
      { name: 'First', amountCents: 100, bankId: 'A' },
      { name: 'Taken again', amountCents: 200, bankId: 'B' },
      { name: 'No bank id', amountCents: 300 },
      { name: 'Last', amountCents: 400, bankId: 'C' },
    ];
    const ids = await insertLedgerRows(
      { db: deps.db, now },
      { userId: user.id, rows: rows.map((row) => ({ ...base, ...row })) },
    );
    expect(ids).toHaveLength(3);
    expect(await idsOfRows(deps.db, { rows, ids })).toEqual([ids[0], undefined, ids[1], ids[2]]);
  });
});
