import { describe, expect, it } from 'vitest';

import { IMPORT_MESSAGES } from '@paisable/contracts';

import { createTestApp, seedUser } from '../helpers';
import { importFixture, importUpload } from '../import-fixtures';
import { userDataFingerprint } from '../user-fingerprint';

const { app, deps } = await createTestApp();
const ofx = importFixture('ofx102-multi-account.ofx');

describe('POST /api/imports/preview and POST /api/imports', () => {
  it('previews an account, imports it once, and a second import adds nothing', async () => {
    const user = await seedUser(deps);
    const auth = { authorization: user.authorization };
    const preview = await app.inject(
      importUpload('/api/imports/preview', ofx, { ...auth, fields: { account: 'account-3' } }),
    );
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
    const first = await app.inject(
      importUpload('/api/imports', ofx, { ...auth, fields: { account: 'account-3' } }),
    );
    expect(first.statusCode, first.body).toBe(201);
    // The file's two unreadable rows (a 31 February, a third decimal) are counted, whichever account.
    expect(first.json()).toEqual({
      account: 'account-3',
      importedCount: 1,
      duplicateCount: 0,
      problemCount: 2,
    });
    const second = await app.inject(
      importUpload('/api/imports', ofx, { ...auth, fields: { account: 'account-3' } }),
    );
    expect(second.json()).toMatchObject({ importedCount: 0, duplicateCount: 1 });
    const list = await app.inject({ method: 'GET', url: '/api/transactions?limit=100', headers: auth });
    expect(JSON.stringify(list.json()).match(/BOOKSHOP/g)).toHaveLength(1);
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
