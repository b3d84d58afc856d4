import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { insertLedgerRows } from '../../src/modules/transactions/ledger';
import { createTestApp, seedUser } from '../helpers';
import { importUpload } from '../import-fixtures';

const { app, deps } = await createTestApp();
const now = () => new Date();

type PreviewRow = { date: string; transferOf?: { id: string; date: string } };

describe('transfers found in the preview among many saved rows of one amount', () => {
  it('pairs each deposit with the nearest withdrawal of that amount in another account, each once', async () => {
    const { user, authorization, accountId: main } = await seedUser(deps);
    const created = await app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: { authorization },
      payload: { name: 'Savings', kind: 'savings', openingBalance: 0, openingDate: '2025-01-01' },
    });
    const savings = created.json<{ _id: string }>()._id;
    const out = (date: string, amountCents = 5000, accountId = savings) => ({
      accountId,
      name: 'To checking',
      category: 'Transfers out',
      amountCents,
      isIncome: false,
      date,
    });
    // Withdrawals of 50.00 listed out of date order, and rows that must never pair: another amount, the
    // same direction, the account the file goes into, a deleted row, one already part of a transfer.
    const [w9, w3a, w1, w3b, , , , deleted, linked] = await insertLedgerRows(
      { db: deps.db, now },
      {
        userId: user.id,
        rows: [
          out('2025-03-09'),
          out('2025-03-03'),
          out('2025-03-01'),
          out('2025-03-03'),
          out('2025-03-03', 5001),
          { ...out('2025-03-03'), isIncome: true },
          out('2025-03-03', 5000, main),
          out('2025-03-03'),
          out('2025-03-03'),
        ],
      },
    );
    await deps.db.execute(sql`update transactions set deleted_at = now() where id = ${deleted}`);
    await deps.db.execute(sql`update transactions set transfer_id = gen_random_uuid() where id = ${linked}`);

    const file = Buffer.from(
      'Date,Description,Amount\n' +
        ['2025-03-03', '2025-03-03', '2025-03-03', '2025-03-06', '2025-03-04', '2025-04-20']
          .map((date) => `${date},From savings,50.00`)
          .join('\n'),
    );
    const preview = await app.inject(
      importUpload('/api/imports/preview', file, { authorization, fields: { accountId: main } }),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const matched = preview.json<{ rows: PreviewRow[] }>().rows.map((row) => row.transferOf?.id);
    // The same day's two first (one each), then the nearest day left: the 1st for the third deposit of the
    // 3rd, the 9th for the 6th; the 4th finds every withdrawal within 4 days used, and April none at all.
    expect(new Set(matched.slice(0, 2))).toEqual(new Set([w3a, w3b]));
    expect(matched.slice(2)).toEqual([w1, w9, undefined, undefined]);
  });
});
