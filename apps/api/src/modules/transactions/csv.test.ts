import { describe, expect, it } from 'vitest';

import { csvCell, csvLine, TRANSACTION_CSV_HEADER, transactionCsvLine } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['line1\nline2', '"line1\nline2"'],
    ['line1\r\nline2', '"line1\r\nline2"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tindent', "'\tindent"],
    ['\rreturn', '"\'\rreturn"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['=1,2', '"\'=1,2"'],
    ['a=b', 'a=b'],
    ['café ☕', 'café ☕'],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('csvLine', () => {
  it('joins with commas and ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('writes the header', () => {
    expect(csvLine(TRANSACTION_CSV_HEADER)).toBe('date,name,category,type,amount,note\r\n');
  });
});

describe('transactionCsvLine', () => {
  const base = { date: '2025-01-31', name: 'Coffee', category: 'Food', isIncome: false, note: '' };

  it.each([
    [{ ...base, amountCents: 450 }, '2025-01-31,Coffee,Food,expense,4.50,\r\n'],
    [{ ...base, amountCents: 30 }, '2025-01-31,Coffee,Food,expense,0.30,\r\n'],
    [
      { ...base, amountCents: 100000, isIncome: true, category: 'Salary' },
      '2025-01-31,Coffee,Salary,income,1000.00,\r\n',
    ],
    [{ ...base, amountCents: 99_999_999_999_999 }, '2025-01-31,Coffee,Food,expense,999999999999.99,\r\n'],
    [
      { ...base, amountCents: 1, note: 'with, comma' },
      '2025-01-31,Coffee,Food,expense,0.01,"with, comma"\r\n',
    ],
  ])('%j', (row, expected) => {
    expect(transactionCsvLine(row)).toBe(expected);
  });
});
