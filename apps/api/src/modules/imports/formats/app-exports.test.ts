import { describe, expect, it } from 'vitest';

import { parseStatementFile } from '../parse';
import { fixtureBytes } from './fixture';

const read = (name: string) => parseStatementFile(fixtureBytes(`apps/${name}`));
const text = (content: string) => parseStatementFile(new TextEncoder().encode(content));

/** Per account: its name, row count and signed sum in cents, as a user checks an import. */
function summary(parsed: ReturnType<typeof parseStatementFile>) {
  return parsed.accounts.map((account) => ({
    name: account.name,
    rows: account.rows.length,
    cents: account.rows.reduce((sum, row) => sum + (row.isIncome ? row.amountCents : -row.amountCents), 0),
  }));
}

describe('exports of other budgeting apps', () => {
  it('reads a YNAB register: one account per YNAB account, outflow and inflow, categories but not "Ready to Assign"', () => {
    const parsed = read('ynab-register.csv');
    expect(parsed.format).toBe('ynab');
    expect(summary(parsed)).toEqual([
      { name: 'Checking', rows: 4, cents: 250_000 - 8_420 - 6_105 - 50_000 },
      { name: 'Savings', rows: 2, cents: 50_000 + 125 },
    ]);
    const checking = parsed.accounts[0]?.rows ?? [];
    expect(checking.map((row) => [row.date, row.name, row.category])).toEqual([
      ['2025-03-01', 'Employer Inc', undefined],
      ['2025-03-03', 'Whole Foods', 'Groceries'],
      ['2025-03-14', 'City Power', 'Electricity'],
      ['2025-03-15', 'Transfer : Savings', undefined],
    ]);
    expect(checking[2]?.note).toBe('Invoice 2025-03');
    expect(parsed.problems).toEqual([]);
  });

  it('reads an Actual Budget export with signed amounts, a split as its lines in their own categories', () => {
    const parsed = read('actual-export.csv');
    expect(parsed.format).toBe('actual');
    expect(summary(parsed)).toEqual([
      { name: 'Current Account', rows: 5, cents: -95_000 - 5_000 - 1_240 + 310_000 - 20_000 },
      { name: 'Credit Card', rows: 2, cents: 20_000 - 2_450 },
    ]);
    const current = parsed.accounts[0]?.rows ?? [];
    expect(current.map((row) => row.category)).toEqual([
      'Rent',
      'Groceries',
      'Household',
      'Salary',
      undefined,
    ]);
    // Actual's "(SPLIT 1 OF 2)" numbering is not the user's note.
    expect(current.map((row) => row.note)).toEqual(['March rent', 'Food', '', '', 'Pay the card']);
    expect(parsed.notices).toContain(
      '1 split transaction is imported as its lines, each with its own amount and category.',
    );
  });

  it('reads a Firefly III export: type gives the direction, a transfer a leg in each account, the opening balance and IBANs kept', () => {
    const parsed = read('firefly-export.csv');
    expect(parsed.format).toBe('firefly');
    expect(summary(parsed)).toEqual([
      { name: 'Girokonto', rows: 3, cents: -4_599 + 240_000 - 30_000 },
      { name: 'Savings account', rows: 1, cents: 30_000 },
    ]);
    const [main, savings] = parsed.accounts;
    expect(main?.opening).toEqual({ date: '2025-03-01', cents: 100_000 });
    expect(main?.identifier).toBe('DE89370400440532013000');
    expect(main?.currency).toBe('EUR');
    expect(savings?.identifier).toBe('DE02120300000000202051');
    expect(main?.rows.map((row) => [row.date, row.name, row.category, row.note])).toEqual([
      ['2025-03-03', 'Groceries at Lidl', 'Groceries', ''],
      ['2025-03-25', 'Salary March', 'Salary', 'Payroll, March'],
      ['2025-03-26', 'Monthly saving', undefined, ''],
    ]);
  });

  it('reads a Mint export: positive amounts, debit or credit, dates month/day', () => {
    const parsed = read('mint-transactions.csv');
    expect(parsed.format).toBe('mint');
    expect(summary(parsed)).toEqual([
      { name: 'Visa Signature', rows: 3, cents: -575 - 4_217 + 30_000 },
      { name: 'Everyday Checking', rows: 2, cents: 180_000 - 30_000 },
    ]);
    const amazon = parsed.accounts[0]?.rows[1];
    expect(amazon).toMatchObject({ date: '2025-01-05', name: 'Amazon', category: 'Shopping' });
    expect(amazon?.note).toBe('gift for Sam — AMAZON MKTPLACE PMTS');
  });

  it('reads YNAB amounts written with a decimal comma, and says how it read undecided dates', () => {
    const parsed = text(
      'Account;Date;Payee;Category;Memo;Outflow;Inflow\nGirokonto;02.03.2025;Bäcker;Essen;;3,40 €;0,00 €\nGirokonto;04.03.2025;Miete;Wohnen;;"1.200,00 €";0,00 €\n',
    );
    expect(parsed.format).toBe('ynab');
    expect(summary(parsed)).toEqual([{ name: 'Girokonto', rows: 2, cents: -340 - 120_000 }]);
    expect(parsed.accounts[0]?.rows[0]?.date).toBe('2025-02-03');
    expect(parsed.notices).toContain(
      "Dates read as month/day (YNAB's usual layout): choose the date format if they are not.",
    );
  });

  it('names every row it cannot read, with its line and account', () => {
    const parsed = text(
      '"Date","Description","Original Description","Amount","Transaction Type","Category","Account Name"\n' +
        '"1/02/2025","Coffee","COFFEE","5.75","debit","Coffee Shops","Visa"\n' +
        '"1/03/2025","Refund","REFUND","5.75","refund","Shopping","Visa"\n' +
        '"1/04/2025","Lunch","LUNCH","ten","debit","Food","Visa"\n' +
        '"13/45/2025","Dinner","DINNER","9.00","debit","Food","Visa"\n',
    );
    expect(parsed.problems).toEqual([
      { line: 3, account: 'account-1', message: 'Transaction Type "refund" is neither debit nor credit.' },
      { line: 4, account: 'account-1', message: expect.stringMatching(/^Amount "ten": /) },
      { line: 5, account: 'account-1', message: 'Date "13/45/2025" is not a date.' },
    ]);
    expect(summary(parsed)).toEqual([{ name: 'Visa', rows: 1, cents: -575 }]);
  });

  it('refuses an export without a single transaction, or whose every row is unreadable', () => {
    expect(() => text('Account,Date,Payee,Outflow,Inflow\n,,,,\n')).toThrow(/no account|no transaction/i);
    expect(() => text('Account,Date,Payee,Outflow,Inflow\nChecking,03/01/2025,Shop,lots,\n')).toThrow(
      /No transaction of this file could be read.*line 2: Amount "lots"/,
    );
  });

  it('leaves a bank CSV that merely has an Account column to the CSV reader', () => {
    expect(text('Date,Account,Description,Amount\n2025-03-01,123456,Shop,-5.00\n').format).toBe('csv');
  });
});
