import { describe, expect, it } from 'vitest';

import { MESSAGES } from '../messages';
import { parseCsv } from './csv';
import { planImport } from './plan';
import { ImportFileError, readImportFile, type ImportRow } from './read';
import { detectDateFormat, parseBankAmount, parseBankDate } from './values';

describe('parseCsv', () => {
  it('reads quoted fields with delimiters, quotes and line breaks, and keeps line numbers', () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"multi\nline",z\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 4, cells: ['multi\nline', 'z'] },
    ]);
  });
});

describe('bank values', () => {
  it.each([
    ['12.50', 1250, false],
    ['-1,234.56', 123456, true],
    ['(7.00)', 700, true],
    ['$ 3', 300, false],
    ['45.10-', 4510, true],
  ])('amount %s', (text, cents, negative) => {
    expect(parseBankAmount(text)).toEqual({ ok: true, cents, negative });
  });

  it('reads decimal commas when asked, and refuses what is not an amount', () => {
    expect(parseBankAmount('1.234,56', true)).toEqual({ ok: true, cents: 123456, negative: false });
    expect(parseBankAmount('12.345')).toEqual({ ok: false, message: MESSAGES.amountDecimals });
    expect(parseBankAmount('free')).toEqual({ ok: false, message: MESSAGES.amountNotANumber });
  });

  it.each([
    ['2025-03-04', 'dmy', '2025-03-04'],
    ['2025-03-04T10:00:00Z', 'dmy', '2025-03-04'],
    ['04/03/2025', 'dmy', '2025-03-04'],
    ['03/04/2025', 'mdy', '2025-03-04'],
    ['4.3.25', 'dmy', '2025-03-04'],
    ['31/02/2025', 'dmy', null],
  ] as const)('date %s as %s', (text, format, day) => {
    expect(parseBankDate(text, format)).toBe(day);
  });

  it('tells day/month from month/day only when a date decides it', () => {
    expect(detectDateFormat(['01/02/2025', '25/02/2025'])).toBe('dmy');
    expect(detectDateFormat(['01/02/2025', '02/25/2025'])).toBe('mdy');
    expect(detectDateFormat(['2025-01-02'])).toBe('ymd');
    expect(detectDateFormat(['01/02/2025'])).toBeNull();
  });
});

describe('readImportFile', () => {
  it("reads Paisable's own export back, formula guard included", () => {
    const csv =
      'date,name,category,type,amount,note\r\n' +
      '2025-04-01,"Lunch, big",Food,expense,12.50,\r\n' +
      "2025-04-02,'=SUM(A1),Salary,income,100.00,bonus\r\n";
    const { rows, rejected } = readImportFile(csv);
    expect(rejected).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        date: '2025-04-01',
        name: 'Lunch, big',
        category: 'Food',
        isIncome: false,
        amountCents: 1250,
        note: '',
      },
      {
        line: 3,
        date: '2025-04-02',
        name: '=SUM(A1)',
        category: 'Salary',
        isIncome: true,
        amountCents: 10000,
        note: 'bonus',
      },
    ]);
  });

  it('reads a bank layout: semicolons, day/month dates, signed amounts, decimal commas', () => {
    const csv =
      'Booking date;Payee;Amount;Reference\n15/01/2025;Bakery;-3,20;card\n16/01/2025;Employer;2.500,00;Jan\n';
    const { rows, dateFormat } = readImportFile(csv, { decimalComma: true, defaultCategory: 'Imported' });
    expect(dateFormat).toBe('dmy');
    expect(rows.map((r) => [r.date, r.name, r.isIncome, r.amountCents, r.category, r.note])).toEqual([
      ['2025-01-15', 'Bakery', false, 320, 'Imported', 'card'],
      ['2025-01-16', 'Employer', true, 250000, 'Imported', 'Jan'],
    ]);
  });

  it('reads debit/credit columns and an explicit mapping', () => {
    const csv = 'When,What,Paid out,Paid in\n2025-02-01,Rent,900.00,\n2025-02-02,Refund,,20.00\n';
    const { rows } = readImportFile(csv, { mapping: { date: 'When', name: 'What' } });
    expect(rows.map((r) => [r.name, r.isIncome, r.amountCents])).toEqual([
      ['Rent', false, 90000],
      ['Refund', true, 2000],
    ]);
  });

  it('rejects bad rows with the reason and keeps the good ones', () => {
    const csv =
      'date,name,category,type,amount,note\n' +
      '2025-02-30,Ghost,Food,expense,1.00,\n' +
      '2025-03-01,,Food,expense,1.00,\n' +
      '2025-03-01,Tea,Food,expense,1.001,\n' +
      '2025-03-01,Tea,Food,gift,1.00,\n' +
      '2025-03-01,Tea,Food,expense,1.00,\n';
    const { rows, rejected } = readImportFile(csv);
    expect(rows.map((r) => r.line)).toEqual([6]);
    expect(rejected).toEqual([
      { line: 2, reason: 'Date "2025-02-30" is not a date.' },
      { line: 3, reason: MESSAGES.transactionNameRequired },
      { line: 4, reason: MESSAGES.amountDecimals },
      { line: 5, reason: 'Type "gift" is neither income nor expense.' },
    ]);
  });

  it('refuses rows dated before 1970 or more than 10 years after the given today', () => {
    const csv =
      'date,name,category,type,amount\n' +
      '1900-01-01,Old,Food,expense,1.00\n' +
      '2999-12-31,Far,Food,expense,1.00\n' +
      '2036-11-24,Plan,Food,expense,1.00\n';
    const { rows, rejected } = readImportFile(csv, { today: '2026-11-24' });
    expect(rows.map((r) => r.name)).toEqual(['Plan']);
    expect(rejected).toEqual([
      { line: 2, reason: MESSAGES.dateOutOfRange },
      { line: 3, reason: MESSAGES.dateOutOfRange },
    ]);
  });

  it('asks for the date format when no date decides it', () => {
    const { rows, rejected } = readImportFile('Date,Description,Amount\n01/02/2025,Tea,-1\n');
    expect(rows).toEqual([]);
    expect(rejected[0]?.reason).toMatch(/could be day\/month or month\/day/);
  });

  it('names the missing column', () => {
    expect(() => readImportFile('Date,Amount\n2025-01-01,1\n')).toThrow(ImportFileError);
    expect(() => readImportFile('Date,Amount\n2025-01-01,1\n')).toThrow(/name column/);
    expect(() => readImportFile('a,b\n', { mapping: { date: 'Day' } })).toThrow(/no column "Day"/);
  });
});

describe('planImport', () => {
  const coffee = (line: number): ImportRow => ({
    line,
    date: '2025-03-01',
    name: 'Coffee',
    category: 'Food',
    isIncome: false,
    amountCents: 350,
    note: '',
  });

  it('keeps two identical coffees of one day as two', () => {
    expect(planImport([coffee(2), coffee(3)], []).toCreate.map((r) => r.line)).toEqual([2, 3]);
  });

  it('skips as many as are already saved, counting occurrences', () => {
    const plan = planImport([coffee(2), coffee(3)], [coffee(0)]);
    expect(plan.duplicates.map((r) => r.line)).toEqual([2]);
    expect(plan.toCreate.map((r) => r.line)).toEqual([3]);
    expect(planImport([coffee(2), coffee(3)], [coffee(0), coffee(0)]).toCreate).toEqual([]);
  });

  it('treats another amount, day, name or type as a different transaction', () => {
    const saved = [coffee(0)];
    for (const change of [
      { amountCents: 351 },
      { date: '2025-03-02' },
      { name: 'Tea' },
      { isIncome: true },
    ]) {
      expect(planImport([{ ...coffee(2), ...change }], saved).toCreate).toHaveLength(1);
    }
  });
});
