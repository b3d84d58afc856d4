import { describe, expect, it } from 'vitest';

import { IMPORT_MESSAGES } from '@paisable/contracts';
import { readImportFile } from '@paisable/contracts/csv-import';

import { ImportError } from './errors';
import { fixtureBytes } from './formats/fixture';
import { IMPORT_MAX_BYTES, parseStatementFile } from './parse';

describe('parseStatementFile', () => {
  it.each([
    ['ofx102-multi-account.ofx', 'ofx', 'windows-1252', 3],
    ['ofx211-credit-card.ofx', 'ofx', 'utf-8', 1],
    ['qfx-checking.qfx', 'qfx', 'windows-1252', 1],
    ['qif-accounts-splits.qif', 'qif', 'utf-8', 2],
    ['camt053-batch.xml', 'camt053', 'utf-8', 2],
    ['mt940-two-accounts.sta', 'mt940', 'windows-1252', 2],
  ])('%s is %s in %s with %i account(s)', (name, format, encoding, accounts) => {
    const parsed = parseStatementFile(fixtureBytes(name));
    expect([parsed.format, parsed.encoding, parsed.accounts.length]).toEqual([format, encoding, accounts]);
  });

  it('reads the Windows-1252 é and ü of an OFX 1.x file', () => {
    const names = parseStatementFile(fixtureBytes('ofx102-multi-account.ofx')).accounts[0]?.rows.map(
      (r) => r.name,
    );
    expect(names).toContain('Café Zürich');
  });

  it('reads a UTF-16 CSV with a byte order mark exactly as the client reads its text', () => {
    const text =
      'Date;Payee;Amount;Category\n15/01/2025;Bäckerei;-3,20;Food\n16/01/2025;Employer;2.500,00;\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const parsed = parseStatementFile(bytes, { decimalComma: true });
    const client = readImportFile(text, { decimalComma: true });
    expect(parsed.encoding).toBe('utf-16le');
    expect(parsed.accounts).toEqual([
      {
        key: 'account-1',
        label: 'CSV file',
        rows: client.rows.map(({ line, date, amountCents, isIncome, name, note, category }) => ({
          date,
          amountCents,
          isIncome,
          name,
          note,
          category,
          source: { line },
        })),
      },
    ]);
    expect(parsed.accounts[0]?.rows.map((r) => [r.name, r.amountCents, r.isIncome, r.category])).toEqual([
      ['Bäckerei', 320, false, 'Food'],
      ['Employer', 250000, true, 'Miscellaneous'],
    ]);
  });

  it('passes the CSV options through and reports refused rows with their line', () => {
    const csv = 'When,What,Paid out\n02/01/2025,Rent,900.00\n31/02/2025,Ghost,1.00\n';
    const parsed = parseStatementFile(Buffer.from(csv), {
      mapping: { date: 'When', name: 'What' },
      dateFormat: 'dmy',
    });
    expect(parsed.accounts[0]?.rows.map((r) => [r.date, r.name, r.isIncome, r.amountCents])).toEqual([
      ['2025-01-02', 'Rent', false, 90000],
    ]);
    expect(parsed.problems).toEqual([{ line: 3, message: 'Date "31/02/2025" is not a date.' }]);
  });

  it('refuses a CSV without the columns it needs, naming them', () => {
    expect(() => parseStatementFile(Buffer.from('Date,Amount\n2025-01-01,1\n'))).toThrow(
      'Could not find the name column in: Date, Amount. Name it with a mapping, e.g. date="Booking date",name=Payee,amount=Amount.',
    );
  });

  it('refuses a 50 MB file before reading it, with the limit', () => {
    const read = () => parseStatementFile(Buffer.alloc(50 * 1024 * 1024, 0x41));
    expect(read).toThrow(ImportError);
    expect(read).toThrow(
      'The file is 50 MB; files up to 25 MB can be imported. Export a shorter period and import it in parts.',
    );
    try {
      read();
    } catch (error) {
      expect((error as ImportError).status).toBe(413);
    }
    expect(IMPORT_MAX_BYTES).toBe(25 * 1024 * 1024);
  });

  it.each([
    ['an empty file', '', 'The file is empty.', 422],
    ['blank lines', '\n \r\n', 'The file is empty.', 422],
    [
      'NUL bytes',
      'abc\u0000def\nxyz',
      'This is not a text file. Export the statement from your bank as CSV, OFX, QFX, QIF, CAMT.053 or MT940.',
      415,
    ],
  ])('refuses %s', (_what, text, message, status) => {
    try {
      parseStatementFile(Buffer.from(text));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ImportError);
      expect([(error as ImportError).message, (error as ImportError).status]).toEqual([message, status]);
    }
  });

  it('refuses a file in which no transaction could be read, naming each problem', () => {
    const text = '!Type:Bank\nD02/30/2025\nT-1.00\nPTea\n^\nD01/02/2025\nPNo amount\n^\n';
    expect(() => parseStatementFile(Buffer.from(text))).toThrow(
      'No transaction of this file could be read, so nothing was saved. line 2: Date "02/30/2025" is not a date; line 6: The transaction has no amount (a T line).',
    );
  });

  it('refuses a statement without entries', () => {
    const text =
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct></Stmt></BkToCstmrStmt></Document>';
    expect(() => parseStatementFile(Buffer.from(text))).toThrow(IMPORT_MESSAGES.noTransactions);
  });

  it('keeps both rows of an MT940 file that repeat a bank reference, without the reference', () => {
    const text =
      ':20:X\n:25:123\n:60F:C250101EUR10,00\n:61:250102D1,00NMSCNONREF//DAY1\n:86:Tea\n:61:250102D2,00NMSCNONREF//DAY1\n:86:Cake\n:62F:C250102EUR7,00\n';
    const parsed = parseStatementFile(Buffer.from(text));
    expect(parsed.accounts[0]?.rows.map((r) => [r.name, r.bankId])).toEqual([
      ['Tea', undefined],
      ['Cake', undefined],
    ]);
    expect(parsed.notices).toHaveLength(1);
  });
});
