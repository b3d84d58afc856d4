import { describe, expect, it } from 'vitest';

import { IMPORT_MESSAGES, problemsRefusedMessage } from '@paisable/contracts';

import { createTestApp, seedUser } from '../helpers';
import { importFixture, importUpload } from '../import-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const { app, deps } = await createTestApp();
const ofx = importFixture('ofx102-multi-account.ofx');
const corpus = (name: string) => importFixture(`corpus/${name}`);

type Preview = {
  newCount: number;
  duplicateCount: number;
  problems: { line?: number; message: string }[];
  rows: { name: string; amountCents: number; bankId?: string; duplicate?: string; duplicateOf?: object }[];
};

async function savedRows(authorization: string) {
  const list = await app.inject({
    method: 'GET',
    url: '/api/transactions?limit=100',
    headers: { authorization },
  });
  return JSON.stringify(list.json());
}

describe('POST /api/imports/preview and POST /api/imports', () => {
  it('previews an account with its unreadable rows, refuses to import it until told to skip them, then imports it once', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const fields = { account: 'account-3' };
    const preview = await app.inject(importUpload('/api/imports/preview', ofx, { ...auth, fields }));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      format: 'ofx',
      account: 'account-3',
      newCount: 1,
      rows: [
        {
          name: 'BOOKSHOP',
          amountCents: 6499,
          isIncome: false,
          note: 'Order 4471',
          reason: { kind: 'default' },
        },
      ],
    });
    // The card statement's two unreadable rows (a 31 February, a third decimal) are listed with their lines.
    const problems = preview.json<Preview>().problems;
    expect(problems.map((problem) => problem.line)).toEqual([150, 157]);

    const before = await userDataFingerprint(deps.db, [user.user.id]);
    const refused = await app.inject(importUpload('/api/imports', ofx, { ...auth, fields }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(problemsRefusedMessage(problems));
    expect(refused.json<{ message: string }>().message).toMatch(
      /line 150: .*20250231.*; line 157: .*-1\.005/,
    );
    expect(await userDataFingerprint(deps.db, [user.user.id])).toBe(before);

    const first = await app.inject(
      importUpload('/api/imports', ofx, { ...auth, fields: { ...fields, skipProblems: 'true' } }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      account: 'account-3',
      accountId: expect.any(String),
      importedCount: 1,
      duplicateCount: 0,
      problemCount: 2,
      skippedCount: 0,
      transferCount: 0,
    });
    const second = await app.inject(
      importUpload('/api/imports', ofx, { ...auth, fields: { ...fields, skipProblems: 'true' } }),
    );
    expect(second.json()).toMatchObject({ importedCount: 0, duplicateCount: 1 });
    expect((await savedRows(user.authorization)).match(/"name":"BOOKSHOP"/g)).toHaveLength(1);
  });

  it('shows each duplicate with the saved row it matches', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const fields = { account: 'account-1' };
    expect((await app.inject(importUpload('/api/imports', ofx, { ...auth, fields }))).statusCode).toBe(201);
    const list = await app.inject({ method: 'GET', url: '/api/transactions?limit=100', headers: auth });
    const saved = list.json<{ transactions: { _id: string; name: string }[] }>().transactions;
    const payroll = saved.find((row) => row.name === 'ACME PAYROLL')?._id;
    expect(payroll).toBeDefined();
    const preview = await app.inject(importUpload('/api/imports/preview', ofx, { ...auth, fields }));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<Preview>().rows.find((row) => row.name === 'ACME PAYROLL')).toEqual(
      expect.objectContaining({
        duplicate: 'bankId',
        duplicateOf: { id: payroll, date: '2025-01-15', name: 'ACME PAYROLL' },
      }),
    );
  });

  it('checks the account against the statement’s closing balance, new rows counted and saved ones not twice', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const card = importFixture('ofx211-credit-card.ofx');
    const check = async () => {
      const preview = await app.inject(importUpload('/api/imports/preview', card, auth));
      expect(preview.statusCode, preview.body).toBe(200);
      return preview.json<{ balanceCheck?: Record<string, string> }>().balanceCheck;
    };
    // Three rows (−23.40, +15.00, −2.00) into an empty account: the bank's −10.40 on 28 February.
    expect(await check()).toEqual(
      expect.objectContaining({
        date: '2025-02-28',
        statementCents: '-1040',
        afterImportCents: '-1040',
        differenceCents: '0',
      }),
    );
    expect((await app.inject(importUpload('/api/imports', card, auth))).statusCode).toBe(201);
    // Imported: the rows are duplicates now, already in the balance.
    expect(await check()).toEqual(
      expect.objectContaining({ afterImportCents: '-1040', differenceCents: '0' }),
    );
    // A row the bank does not have (typed by hand into the same account) shows as the difference.
    const typed = await app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: auth,
      payload: { name: 'Cash lunch', category: 'Food', cost: 5, addedOn: '2025-02-20', isIncome: false },
    });
    expect(typed.statusCode).toBe(201);
    expect(await check()).toEqual(
      expect.objectContaining({ afterImportCents: '-1540', differenceCents: '500' }),
    );
    // A file that states no closing balance gets no check.
    const qif = await app.inject(
      importUpload('/api/imports/preview', corpus('qif/jemmyw-quicken-bank.qif'), auth),
    );
    expect(qif.json<{ balanceCheck?: object }>().balanceCheck).toBeUndefined();
  });

  it('imports the preview as the user changed it: a category picked by hand, a row left out', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const card = importFixture('ofx211-credit-card.ofx');
    const before = await userDataFingerprint(deps.db, [user.user.id]);
    for (const [rowChanges, message] of [
      ['not json', IMPORT_MESSAGES.rowChangesInvalid],
      [JSON.stringify([{ row: 'one', skip: true }]), IMPORT_MESSAGES.rowChangesInvalid],
      [JSON.stringify([{ row: 7, skip: true }]), IMPORT_MESSAGES.rowChangeOutside],
      [JSON.stringify([{ row: 0, category: '' }]), 'Category name is required'],
    ] as const) {
      const refused = await app.inject(
        importUpload('/api/imports', card, { ...auth, fields: { rowChanges } }),
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({ message: message });
    }
    expect(await userDataFingerprint(deps.db, [user.user.id])).toBe(before);

    const rowChanges = JSON.stringify([
      { row: 0, category: 'Travel' },
      { row: 2, skip: true },
    ]);
    const saved = await app.inject(importUpload('/api/imports', card, { ...auth, fields: { rowChanges } }));
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ importedCount: 2, skippedCount: 1, duplicateCount: 0 });
    const list = await app.inject({ method: 'GET', url: '/api/transactions?limit=100', headers: auth });
    const rows = list.json<{ transactions: { cost: number; category: string }[] }>();
    expect(rows.transactions.map((row) => [row.cost, row.category]).sort()).toEqual([
      [15, expect.any(String)],
      [23.4, 'Travel'],
    ]);
  });

  it('imports every row of an MT940 file whose references are NONREF or the counterparty’s IBAN', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const file = corpus('written/mt940-nonref-iban-references.sta');
    const preview = await app.inject(importUpload('/api/imports/preview', file, auth));
    expect(preview.json<Preview>().rows.map((row) => [row.amountCents, row.bankId, row.duplicate])).toEqual([
      [350, undefined, undefined],
      [420, undefined, undefined],
      [280, undefined, undefined],
      [610, undefined, undefined],
    ]);
    const first = await app.inject(importUpload('/api/imports', file, auth));
    expect(first.json()).toEqual({
      account: 'account-1',
      accountId: expect.any(String),
      importedCount: 4,
      duplicateCount: 0,
      problemCount: 0,
      skippedCount: 0,
      transferCount: 0,
    });
    // Imported again, each row is found by day, amount, type and name, and shown with the row it matches.
    const again = await app.inject(importUpload('/api/imports/preview', file, auth));
    expect(again.json<Preview>().rows.map((row) => row.duplicate)).toEqual(Array(4).fill('sameRow'));
    expect(again.json<Preview>().rows.every((row) => row.duplicateOf !== undefined)).toBe(true);
    const second = await app.inject(importUpload('/api/imports', file, auth));
    expect(second.json()).toMatchObject({ importedCount: 0, duplicateCount: 4 });
  });

  it('imports both rows of a file that gives them the same bank reference', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const file = corpus('written/mt940-repeated-bank-reference.sta');
    const first = await app.inject(importUpload('/api/imports', file, auth));
    expect(first.json()).toEqual({
      account: 'account-1',
      accountId: expect.any(String),
      importedCount: 3,
      duplicateCount: 0,
      problemCount: 0,
      skippedCount: 0,
      transferCount: 0,
    });
    const saved = await savedRows(user.authorization);
    expect([saved.includes('BAECKEREI'), saved.includes('KIOSK')]).toEqual([true, true]);
    const second = await app.inject(importUpload('/api/imports', file, auth));
    expect(second.json()).toMatchObject({ importedCount: 0, duplicateCount: 3 });
  });

  it('refuses a file with no transaction, or none that can be read, on preview and import, saving nothing', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const before = await userDataFingerprint(deps.db, [user.user.id]);
    for (const url of ['/api/imports/preview', '/api/imports'] as const) {
      const empty = await app.inject(importUpload(url, corpus('camt053/via-other-id.xml'), auth));
      expect(empty.statusCode, empty.body).toBe(422);
      expect(empty.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.noTransactions);
      const unreadable = await app.inject(importUpload(url, corpus('ofx/ofxparse-date-missing.ofx'), auth));
      expect(unreadable.statusCode, unreadable.body).toBe(422);
      expect(unreadable.json<{ message: string }>().message).toMatch(
        /^No transaction of this file could be read, so nothing was saved\. line 33: .*; line 40: .*; line 48: /,
      );
    }
    expect(await userDataFingerprint(deps.db, [user.user.id])).toBe(before);
  });

  it('refuses an OFX file with a transaction without TRNAMT unless told to skip it', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const file = corpus('written/ofx102-missing-trnamt.ofx');
    const refused = await app.inject(importUpload('/api/imports', file, auth));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^1 row of this file could not be read, so nothing was saved: line 32: The transaction has no amount \(TRNAMT\)\./,
    );
    expect(await savedRows(user.authorization)).not.toMatch(/GROCER|EMPLOYER/);
    const skipped = await app.inject(
      importUpload('/api/imports', file, { ...auth, fields: { skipProblems: 'true' } }),
    );
    expect(skipped.json()).toEqual({
      account: 'account-1',
      accountId: expect.any(String),
      importedCount: 2,
      duplicateCount: 0,
      problemCount: 1,
      skippedCount: 0,
      transferCount: 0,
    });
  });

  it('refuses bad requests with a clear message and saves nothing', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const before = await userDataFingerprint(deps.db, [user.user.id]);
    const cases: [Parameters<typeof importUpload>, number, string | RegExp][] = [
      [['/api/imports', ofx, auth], 400, IMPORT_MESSAGES.chooseAccount],
      [
        ['/api/imports', ofx, { ...auth, fields: { account: 'account-7' } }],
        400,
        IMPORT_MESSAGES.accountNotFound,
      ],
      [['/api/imports', ofx, { ...auth, field: 'statement' }], 400, IMPORT_MESSAGES.noFile],
      [['/api/imports', importFixture('ofx-truncated.qfx'), auth], 422, /OFX|end|truncated|cut/i],
      [['/api/imports', importFixture('qif-missing-caret.qif'), auth], 422, /\^/],
      [['/api/imports', importFixture('mt940-no-61.sta'), auth], 422, /:61:/],
      [['/api/imports', corpus('mt940/wolph-mt942.sta'), auth], 415, /MT942 interim transaction report/],
      [
        ['/api/imports', Buffer.from('<?xml version="1.0" encoding="x-klingon"?><Document/>'), auth],
        415,
        /"x-klingon" encoding/,
      ],
      [
        [
          '/api/imports',
          Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<Document>\xfc</Document>', 'latin1'),
          auth,
        ],
        422,
        /line 2 holds bytes that are not UTF-8/,
      ],
      [['/api/imports', importFixture('camt053-truncated.xml'), auth], 422, /cut off/],
      [
        ['/api/imports', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]), auth],
        415,
        /PNG image, not a bank statement/,
      ],
      [['/api/imports/preview', Buffer.alloc(26 * 1024 * 1024, 0x41), auth], 413, IMPORT_MESSAGES.tooLarge],
      [['/api/imports/preview', ofx, { ...auth, fields: { dateFormat: 'yyyy' } }], 400, /date order/],
    ];
    for (const [args, status, message] of cases) {
      const response = await app.inject(importUpload(...args));
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect((await app.inject(importUpload('/api/imports', ofx))).statusCode).toBe(401);
    expect(await userDataFingerprint(deps.db, [user.user.id])).toBe(before);
  });
});
