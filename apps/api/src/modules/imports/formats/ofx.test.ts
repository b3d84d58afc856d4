import { describe, expect, it } from 'vitest';

import { decodeBytes } from '../decode';
import { ImportError } from '../errors';
import { fixtureBytes } from './fixture';
import { ofxDate, parseOfx } from './ofx';

const parseFixture = (name: string) => parseOfx(decodeBytes(fixtureBytes(name)).text);

describe('parseOfx on OFX 1.0.2 (SGML)', () => {
  const result = parseFixture('ofx102-multi-account.ofx');

  it('finds every account of a multi-account file, masked to the last 4 digits', () => {
    expect(result.accounts.map(({ key, label, currency }) => ({ key, label, currency }))).toEqual([
      { key: 'account-1', label: 'Checking · ••••8776 · USD', currency: 'USD' },
      { key: 'account-2', label: 'Savings · ••••2345 · USD', currency: 'USD' },
      { key: 'account-3', label: 'Credit card · ••••1111 · USD', currency: 'USD' },
    ]);
  });

  it('reads rows with exact cents, sign, NAME vs PAYEE vs MEMO, FITID and the line', () => {
    const [checking] = result.accounts;
    expect(checking?.rows).toEqual([
      {
        date: '2025-01-04',
        amountCents: 20000,
        isIncome: false,
        name: 'Check 1000',
        note: '',
        bankId: '00002',
        warnings: ['The file gives no payee or description; named "Check 1000".'],
        source: { line: 43 },
      },
      {
        date: '2025-01-05',
        amountCents: 30000,
        isIncome: false,
        name: 'ATM WITHDRAWAL MAIN ST',
        note: '',
        bankId: '00003',
        source: { line: 50 },
      },
      {
        date: '2025-01-15',
        amountCents: 250000,
        isIncome: true,
        name: 'ACME PAYROLL',
        note: 'January salary',
        bankId: '00004',
        source: { line: 59 },
      },
      {
        date: '2025-01-20',
        amountCents: 1250,
        isIncome: false,
        name: 'Café Zürich',
        note: 'Card 1234',
        bankId: '00005',
        source: { line: 67 },
      },
      {
        date: '2025-01-21',
        amountCents: 4510,
        isIncome: false,
        name: 'Utility Co & Sons',
        note: '',
        bankId: '00006',
        source: { line: 82 },
      },
    ]);
  });

  it('keeps the calendar day written, whatever the time zone (23:59:59 EST stays the 15th)', () => {
    expect(result.accounts[0]?.rows[2]?.date).toBe('2025-01-15');
  });

  it('reads an empty <MEMO> with no end tag (OFX 1.0.2) without losing the following FITID', () => {
    expect(result.accounts[1]?.rows).toEqual([
      {
        date: '2025-01-31',
        amountCents: 42,
        isIncome: true,
        name: 'Interest',
        note: '',
        bankId: 'S-0001',
        warnings: ['The file gives no payee or description; named "Interest".'],
        source: { line: 112 },
      },
    ]);
  });

  it('lists a row with an impossible date or too many decimals as a problem of its account, saying where', () => {
    expect(result.problems).toEqual([
      { line: 150, account: 'account-3', message: 'Date "20250231" is not an OFX date (YYYYMMDD…).' },
      { line: 157, account: 'account-3', message: 'Amount "-1.005" can have at most 2 decimal places.' },
    ]);
  });

  it('reads LEDGERBAL as the closing balance, signed', () => {
    expect(result.accounts.map((account) => account.closing)).toEqual([
      { date: '2025-01-31', cents: 20029 },
      { date: '2025-01-31', cents: 100042 },
      { date: '2025-01-31', cents: -6499 },
    ]);
  });

  it('follows TRNTYPE DEBIT when the amount is unsigned, and says so', () => {
    expect(result.notices).toEqual([
      '1 row(s) had an amount sign that disagreed with their type (CREDIT/DEBIT); the type was followed.',
    ]);
  });
});

describe('parseOfx on OFX 2.1.1 (XML) and QFX', () => {
  it('reads a credit card statement in XML, entities and empty elements included', () => {
    const result = parseFixture('ofx211-credit-card.ofx');
    expect(result.problems).toEqual([]);
    expect(result.accounts).toHaveLength(1);
    expect(result.accounts[0]?.label).toBe('Credit card · ••••0004 · EUR');
    expect(result.accounts[0]?.rows.map((r) => [r.date, r.amountCents, r.isIncome, r.name, r.note])).toEqual([
      ['2025-02-03', 2340, false, 'Bäckerei Müller', ''],
      ['2025-02-10', 1500, true, 'Refund <online>', 'Return of order 88'],
      ['2025-02-28', 200, false, 'Bank fee', ''],
    ]);
  });

  it('reads QFX (OFX with Intuit tags) on one line', () => {
    const result = parseFixture('qfx-checking.qfx');
    expect(
      result.accounts[0]?.rows.map((r) => [r.date, r.amountCents, r.isIncome, r.name, r.bankId]),
    ).toEqual([
      ['2025-03-05', 475, false, 'COFFEE HOUSE #12', '202503050'],
      ['2025-03-15', 120000, true, 'EMPLOYER INC', '202503150'],
    ]);
  });
});

describe('OFX rows that cannot be imported', () => {
  const statement = (transactions: string) =>
    `<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>\n${transactions}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

  it('lists a transaction without TRNAMT as a problem (a half-read statement is never silent)', () => {
    const result = parseOfx(
      statement(
        '<STMTTRN><DTPOSTED>20250101<FITID>1<NAME>Shop</STMTTRN>\n<STMTTRN><DTPOSTED>20250102<TRNAMT>-2.00<FITID>2<NAME>Tea</STMTTRN>\n',
      ),
    );
    expect(result.problems).toEqual([
      { line: 2, account: 'account-1', message: 'The transaction has no amount (TRNAMT).' },
    ]);
    expect(result.accounts[0]?.rows.map((row) => row.name)).toEqual(['Tea']);
  });

  it('leaves out amounts of zero with a notice: they move no money', () => {
    const result = parseOfx(
      statement(
        '<STMTTRN><DTPOSTED>20250101<TRNAMT>0.00<FITID>1<NAME>Memo</STMTTRN>\n<STMTTRN><DTPOSTED>20250102<TRNAMT>-2.00<FITID>2<NAME>Tea</STMTTRN>\n',
      ),
    );
    expect(result.problems).toEqual([]);
    expect(result.notices).toEqual(['1 transaction(s) of amount zero were left out: they move no money.']);
  });
});

describe('broken OFX', () => {
  it('refuses a cut-off download, naming the element left open and its line', () => {
    const parse = () => parseFixture('ofx-truncated.qfx');
    expect(parse).toThrow(ImportError);
    expect(parse).toThrow(
      'The OFX file ends before <STMTTRN> (opened on line 11) is closed: it looks cut off. Download it again from your bank.',
    );
  });

  it('refuses an end tag that closes nothing', () => {
    expect(() => parseOfx('<OFX>\n<BANKMSGSRSV1>\n</STMTRS>\n</OFX>')).toThrow(
      'Line 3: </STMTRS> closes an element that is not open.',
    );
  });
});

describe('ofxDate', () => {
  it.each([
    ['20250102', '2025-01-02'],
    ['20250102101500', '2025-01-02'],
    ['20250102101500.123', '2025-01-02'],
    ['20251231230000.000[-5:EST]', '2025-12-31'],
    ['20250101003000[+5.30:IST]', '2025-01-01'],
    ['20240229', '2024-02-29'],
    ['20250229', null],
    ['2025-01-02', null],
    ['', null],
  ])('%s → %s', (text, day) => {
    expect(ofxDate(text)).toBe(day);
  });
});

describe('OFX without a bank statement', () => {
  it('says so instead of showing nothing', () => {
    expect(() =>
      parseOfx(
        '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR</STATUS></SONRS></SIGNONMSGSRSV1></OFX>',
      ),
    ).toThrow(
      'The OFX file holds no bank or credit card statement (no <STMTRS> or <CCSTMTRS>). Export the account’s transactions from your bank.',
    );
    expect(() =>
      parseOfx(
        '<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>',
      ),
    ).toThrow(/only investment statements/);
  });
});
