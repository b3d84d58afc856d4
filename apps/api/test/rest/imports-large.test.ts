import { describe, expect, it } from 'vitest';

import { commitImport } from '../../src/modules/imports/service';
import { createTestDeps } from '../helpers';
import { seedUserWithCaller } from '../transaction-fixtures';

const deps = createTestDeps();

// More rows than one of the ledger's 10,000-row insert statements: the save spans two of them.
const ROW_COUNT = 12_000;
const NAMES = ['Café Müller', 'REWE Markt 4711', 'Crème Brûlée Bakery', 'Shell Station 12'];
const pad = (value: number) => String(value).padStart(2, '0');

const rows = Array.from({ length: ROW_COUNT }, (_, i) => ({
  day: `2025-${pad(1 + (i % 12))}-${pad(1 + (i % 28))}`,
  cents: 100 + ((i * 7919) % 50_000),
  income: i % 13 === 0,
  name: NAMES[i % NAMES.length] ?? 'Shop',
  memo: i % 3 === 0 ? `Invoice ${i}` : '',
  id: `FIT${i}`,
}));

function ofxFile() {
  const decimal = (cents: number) => `${Math.floor(cents / 100)}.${pad(cents % 100)}`;
  const lines = rows.map(
    (r) =>
      `<STMTTRN><TRNTYPE>${r.income ? 'CREDIT' : 'DEBIT'}</TRNTYPE><DTPOSTED>${r.day.replaceAll('-', '')}</DTPOSTED><TRNAMT>${r.income ? '' : '-'}${decimal(r.cents)}</TRNAMT><FITID>${r.id}</FITID><NAME>${r.name}</NAME>${r.memo ? `<MEMO>${r.memo}</MEMO>` : ''}</STMTTRN>`,
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>5500000000000004</ACCTID></CCACCTFROM><BANKTRANLIST>\n${lines.join('\n')}\n</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\n`,
    'utf8',
  );
}

const sum = (income: boolean) =>
  rows.filter((row) => row.income === income).reduce((total, row) => total + row.cents, 0);

describe('a large bank file', () => {
  it('saves every row once with the right totals and balance, finds them by search, and adds nothing again', async () => {
    const { caller, user } = await seedUserWithCaller(deps);
    const bytes = ofxFile();
    const saved = await commitImport(deps, { userId: user.id, bytes, options: { newAccount: true } });
    expect(saved).toMatchObject({ importedCount: ROW_COUNT, duplicateCount: 0, problemCount: 0 });

    const { accounts } = await caller.accounts.list();
    const account = accounts.find((candidate) => candidate.id === saved.accountId);
    expect(account?.balanceCents).toBe(String(sum(true) - sum(false)));
    const year = await caller.transactions.summary({ from: '2025-01-01', to: '2025-12-31' });
    expect([year.totalIncomeCents, year.totalExpensesCents]).toEqual([String(sum(true)), String(sum(false))]);
    expect((await caller.transactions.list({ limit: 1 })).total).toBe(ROW_COUNT);

    // Search folds case and accents on both sides: "cafe muller" finds "Café Müller", "CRÈME" "Crème".
    const named = (name: string) => rows.filter((row) => row.name === name).length;
    expect((await caller.transactions.list({ search: 'cafe muller', limit: 1 })).total).toBe(
      named('Café Müller'),
    );
    expect((await caller.transactions.list({ search: 'CRÈME brulee', limit: 1 })).total).toBe(
      named('Crème Brûlée Bakery'),
    );
    // A note of the last statement's rows, found by its own words.
    const found = await caller.transactions.list({ search: 'invoice 11997' });
    expect(found.items.map((row) => [row.name, row.note, row.date])).toEqual([
      [rows[11997]?.name, 'Invoice 11997', rows[11997]?.day],
    ]);

    const again = await commitImport(deps, {
      userId: user.id,
      bytes,
      options: { accountId: saved.accountId },
    });
    expect(again).toMatchObject({ importedCount: 0, duplicateCount: ROW_COUNT });
    expect((await caller.transactions.list({ limit: 1 })).total).toBe(ROW_COUNT);
  }, 120_000);
});
