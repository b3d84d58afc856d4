import { describe, expect, it } from 'vitest';

import { createTestApp, seedUser } from '../helpers';
import { importFixture, importUpload } from '../import-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const { app, deps } = await createTestApp();
// Checking: salary 2,500.00, groceries 84.20, electricity 61.05, 500.00 to Savings; Savings: the 500.00 and 1.25 interest.
const ynab = importFixture('apps/ynab-register.csv');

type Preview = {
  format: string;
  accounts: { key: string; label: string; rowCount: number }[];
  destination: { accountId?: string; name: string; reason: string };
  proposedAccount?: { name: string; kind: string; openingBalanceCents: number };
  rows: { name: string; category: string; reason: { kind: string }; transferOf?: { accountName: string } }[];
  problems: { line?: number; message: string }[];
};
type Account = { _id: string; name: string; balance: number };

async function accountsOf(authorization: string): Promise<Account[]> {
  const list = await app.inject({ method: 'GET', url: '/api/accounts', headers: { authorization } });
  return list.json<{ accounts: Account[] }>().accounts;
}

describe('switching from another budgeting app', () => {
  it('imports a YNAB export into the accounts of the same names, with its categories, and its transfer as one', async () => {
    const { authorization } = await seedUser(deps);
    const created = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { authorization },
      payload: { name: 'checking', kind: 'checking', openingBalance: 0, openingDate: '2025-01-01' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const checking = created.json<Account>();

    const checkingPreview = await app.inject(
      importUpload('/api/imports/preview', ynab, { authorization, fields: { account: 'account-1' } }),
    );
    expect(checkingPreview.statusCode, checkingPreview.body).toBe(200);
    const preview = checkingPreview.json<Preview>();
    expect(preview).toMatchObject({
      format: 'ynab',
      accounts: [
        { key: 'account-1', label: 'Checking', rowCount: 4 },
        { key: 'account-2', label: 'Savings', rowCount: 2 },
      ],
      destination: { accountId: checking._id, name: 'checking', reason: 'name' },
    });
    expect(preview.proposedAccount).toBeUndefined();
    expect(preview.rows.map((row) => [row.name, row.category, row.reason.kind])).toEqual([
      ['Employer Inc', 'Miscellaneous', 'default'],
      ['Whole Foods', 'Groceries', 'file'],
      ['City Power', 'Electricity', 'file'],
      ['Transfer : Savings', 'Miscellaneous', 'default'],
    ]);

    // Savings is not one of the user's accounts yet: proposed under its YNAB name, opened on import.
    const savingsFields = { account: 'account-2', newAccount: 'true' };
    const savingsPreview = await app.inject(
      importUpload('/api/imports/preview', ynab, { authorization, fields: { account: 'account-2' } }),
    );
    expect(savingsPreview.json<Preview>().proposedAccount).toMatchObject({
      name: 'Savings',
      kind: 'savings',
    });
    const savingsImport = await app.inject(
      importUpload('/api/imports', ynab, { authorization, fields: savingsFields }),
    );
    expect(savingsImport.statusCode, savingsImport.body).toBe(201);
    expect(savingsImport.json()).toMatchObject({ importedCount: 2, transferCount: 0 });

    // Now both legs of the transfer are there: the checking side is saved as one transfer with it.
    const again = await app.inject(
      importUpload('/api/imports/preview', ynab, { authorization, fields: { account: 'account-1' } }),
    );
    expect(again.json<Preview>().rows[3]?.transferOf).toMatchObject({ accountName: 'Savings' });
    const checkingImport = await app.inject(
      importUpload('/api/imports', ynab, { authorization, fields: { account: 'account-1' } }),
    );
    expect(checkingImport.statusCode, checkingImport.body).toBe(201);
    expect(checkingImport.json()).toMatchObject({ importedCount: 4, transferCount: 1 });

    const balances = Object.fromEntries((await accountsOf(authorization)).map((a) => [a.name, a.balance]));
    expect(balances).toMatchObject({ checking: 1854.75, Savings: 501.25 });

    const second = await app.inject(
      importUpload('/api/imports', ynab, { authorization, fields: { account: 'account-1' } }),
    );
    expect(second.json()).toMatchObject({ importedCount: 0, duplicateCount: 4 });
  });

  it('opens Firefly III accounts under their names with the opening balance the export states', async () => {
    const { authorization } = await seedUser(deps);
    const firefly = importFixture('apps/firefly-export.csv');
    const imported = await app.inject(
      importUpload('/api/imports', firefly, {
        authorization,
        fields: { account: 'account-1', newAccount: 'true' },
      }),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const main = (await accountsOf(authorization)).find((account) => account.name === 'Girokonto');
    // 1,000.00 opening − 45.99 + 2,400.00 − 300.00.
    expect(main).toMatchObject({ openingBalance: 1000, openingDate: '2025-03-01', balance: 3054.01 });
  });

  it('refuses a Mint export with an unreadable row, naming it, and saves nothing', async () => {
    const { authorization, user } = await seedUser(deps);
    const mint = Buffer.from(
      '"Date","Description","Original Description","Amount","Transaction Type","Category","Account Name"\n' +
        '"1/02/2025","Coffee","COFFEE","5.75","debit","Coffee Shops","Visa"\n' +
        '"1/03/2025","Refund","REFUND","5.75","refund","Shopping","Visa"\n',
    );
    const preview = await app.inject(importUpload('/api/imports/preview', mint, { authorization }));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<Preview>().problems).toEqual([
      { line: 3, message: 'Transaction Type "refund" is neither debit nor credit.' },
    ]);
    const before = await userDataFingerprint(deps.db, [user.id]);
    const refused = await app.inject(importUpload('/api/imports', mint, { authorization }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(
      /line 3: Transaction Type "refund" is neither debit nor credit/,
    );
    expect(await userDataFingerprint(deps.db, [user.id])).toBe(before);

    const empty = await app.inject(
      importUpload(
        '/api/imports/preview',
        Buffer.from('Account,Date,Payee,Outflow,Inflow\nChecking,03/01/2025,Shop,lots,\n'),
        {
          authorization,
        },
      ),
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ message: string }>().message).toMatch(/line 2: Amount "lots"/);
  });
});
