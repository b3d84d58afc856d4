import { describe, expect, it } from 'vitest';

import type { StatementAccount, StatementRow } from './model';
import { balanceNotices, distrustRepeatedIds } from './statement-checks';

const row = (amountCents: number, isIncome: boolean, bankId?: string): StatementRow => ({
  date: '2025-01-02',
  amountCents,
  isIncome,
  name: 'Shop',
  note: '',
  ...(bankId ? { bankId } : {}),
  source: { line: 1 },
});

const account = (
  key: string,
  rows: StatementRow[],
  extra: Partial<StatementAccount> = {},
): StatementAccount => ({
  key,
  label: `Account ${key}`,
  rows,
  ...extra,
});

describe('distrustRepeatedIds', () => {
  it('drops an id two rows of one account share, keeps both rows, and says so', () => {
    const accounts = [account('a', [row(100, false, 'X'), row(200, false, 'X'), row(300, false, 'Y')])];
    expect(distrustRepeatedIds(accounts)).toEqual([
      '2 rows share their bank reference with another row of the file, so it was not used to tell them apart: all of them are imported, and rows already saved are found by day, amount, type and name.',
    ]);
    expect(accounts[0]?.rows.map((r) => [r.amountCents, r.bankId])).toEqual([
      [100, undefined],
      [200, undefined],
      [300, 'Y'],
    ]);
  });

  it('keeps ids that repeat only across accounts: they are unique per account', () => {
    const accounts = [account('a', [row(100, false, 'X')]), account('b', [row(100, false, 'X')])];
    expect(distrustRepeatedIds(accounts)).toEqual([]);
    expect(accounts.map((a) => a.rows[0]?.bankId)).toEqual(['X', 'X']);
  });
});

describe('balanceNotices', () => {
  const balances = (opening: number, closing: number) => ({
    opening: { date: '2025-01-01', cents: opening },
    closing: { date: '2025-01-31', cents: closing },
  });

  it('is silent when the rows move the opening balance to the closing one, or when a balance is missing', () => {
    expect(balanceNotices([account('a', [row(500, true), row(200, false)], balances(1000, 1300))])).toEqual(
      [],
    );
    expect(
      balanceNotices([account('a', [row(500, true)], { closing: { date: '2025-01-31', cents: 9 } })]),
    ).toEqual([]);
  });

  it('says when they do not: a row is missing or extra', () => {
    expect(balanceNotices([account('a', [row(500, true)], balances(-1000, 0))])).toEqual([
      "Account a: the rows read add up to 5.00, but the statement's balances go from -10.00 to 0.00 (10.00). Check the rows against your bank's statement before importing.",
    ]);
  });
});
