import { describe, expect, it } from 'vitest';

import { decodeBytes } from '../decode';
import { ImportError } from '../errors';
import { fixtureBytes } from './fixture';
import { parseQif, qifDate } from './qif';

const parseFixture = (name: string, options = {}) => parseQif(decodeBytes(fixtureBytes(name)).text, options);

describe('parseQif', () => {
  const result = parseFixture('qif-accounts-splits.qif');

  it('puts the transactions after each !Account block in that account', () => {
    expect(result.accounts.map((a) => [a.key, a.label, a.rows.length])).toEqual([
      ['account-1', 'Everyday Checking · Bank account', 3],
      ['account-2', 'Visa Card · Credit card', 2],
    ]);
  });

  it('imports a split as one row of its total, with the split lines in the note', () => {
    expect(result.accounts[0]?.rows[0]).toEqual({
      date: '2025-01-02',
      amountCents: 100000,
      isIncome: false,
      name: 'Bank Of Mortgage',
      note: 'Split: [Mortgage] -746.36; Mort Int (January interest) -253.64',
      source: { line: 26 },
    });
  });

  it('reads payee, memo → note, category (L, without its subcategory), apostrophe years and thousands', () => {
    expect(result.accounts[0]?.rows.slice(1)).toEqual([
      {
        date: '2025-01-15',
        amountCents: 250000,
        isIncome: true,
        name: 'ACME Payroll',
        note: 'January',
        category: 'Salary',
        source: { line: 37 },
      },
      {
        date: '2025-01-20',
        amountCents: 1000,
        isIncome: false,
        name: 'Anthony Hopkins',
        note: 'Film',
        category: 'Entertainment',
        source: { line: 45 },
      },
    ]);
    expect(result.accounts[1]?.rows.map((r) => [r.date, r.name, r.category])).toEqual([
      ['2025-01-05', 'BOOKSHOP', 'Books'],
      ['2025-01-06', 'Coffee on the go', undefined],
    ]);
  });

  it('lists bad rows as problems of their account, naming their line, and skips balances and category lists', () => {
    expect(result.problems).toEqual([
      { line: 54, account: 'account-1', message: 'Date "2/30\'25" is not a date.' },
      { line: 58, account: 'account-1', message: 'Amount "abc" must be a number, like 12.50.' },
    ]);
    expect(result.notices).toEqual([
      'Sections without bank transactions were not imported: Cat.',
      'Opening balance records were skipped: they are balances, not transactions.',
    ]);
  });

  it('imports S/E/$ lines that add up to the total as split lines; others stay in the note', () => {
    const parsed = parseQif(
      [
        '!Type:Bank',
        // Adds up: two lines of the total's direction, with a memo and a subcategory.
        'D01/02/2025',
        'T-42.50',
        'PSupermarket',
        'L--Split--',
        'SGroceries:Fresh',
        'Efruit',
        '$-30.01',
        'SHousehold',
        '$-12.49',
        '^',
        // Off by a cent: the total is kept and the lines go to the note.
        'D01/03/2025',
        'T-10.00',
        'PMarket',
        'SGroceries',
        '$-5.00',
        'SHousehold',
        '$-4.99',
        '^',
        // A refund line against the total's direction: not a split of ours either.
        'D01/04/2025',
        'T-5.00',
        'PShop',
        'SGroceries',
        '$-6.00',
        'SRefunds',
        '$1.00',
        '^',
      ].join('\n'),
    );
    const rows = parsed.accounts[0]?.rows ?? [];
    expect(rows[0]).toMatchObject({
      amountCents: 4250,
      name: 'Supermarket',
      note: '',
      splits: [
        { category: 'Groceries', amountCents: 3001, note: 'fruit' },
        { category: 'Household', amountCents: 1249, note: '' },
      ],
    });
    expect(rows[1]).toMatchObject({ amountCents: 1000, note: 'Split: Groceries -5.00; Household -4.99' });
    expect(rows[1]?.splits).toBeUndefined();
    expect(rows[2]?.splits).toBeUndefined();
  });

  it('lists a record without an amount as a problem, and leaves out amounts of zero with a notice', () => {
    const parsed = parseQif(
      '!Type:Bank\nD01/02/2025\nPNo amount\n^\nD01/03/2025\nT0.00\nPVoid\n^\nD01/04/2025\nT-1.00\nPTea\n^\n',
    );
    expect(parsed.problems).toEqual([
      { line: 2, account: 'account-1', message: 'The transaction has no amount (a T line).' },
    ]);
    expect(parsed.accounts[0]?.rows.map((row) => row.name)).toEqual(['Tea']);
    expect(parsed.notices).toContain('1 transaction(s) of amount zero were left out: they move no money.');
  });

  it('reads day/month when a date proves it, and decimal commas', () => {
    const dayFirst = parseFixture('qif-day-month.qif');
    expect(dayFirst.notices).toEqual([]);
    expect(dayFirst.accounts[0]?.rows.map((r) => [r.date, r.amountCents, r.isIncome])).toEqual([
      ['2025-01-13', 123456, false],
      ['2025-01-02', 5000, true],
    ]);
  });

  it('reads month/day when no date decides, and says so', () => {
    const result = parseQif('!Type:Bank\nD02/01/2025\nT-1.00\nPTea\n^\n');
    expect(result.accounts[0]?.rows[0]?.date).toBe('2025-02-01');
    expect(result.notices).toEqual([
      'No date in the file tells day/month from month/day; dates were read as month/day (Quicken’s US layout).',
    ]);
  });

  it('follows the date order the user chose', () => {
    const result = parseQif('!Type:Bank\nD02/01/2025\nT-1.00\nPTea\n^\n', { dateFormat: 'dmy' });
    expect(result.accounts[0]?.rows[0]?.date).toBe('2025-01-02');
  });

  it('refuses a file with no transaction records', () => {
    expect(() => parseQif('!Type:Cat\nNGroceries\nE\n^\n')).toThrow(
      'The QIF file holds no bank, cash or card transactions (no !Type:Bank, CCard, Cash, Oth A or Oth L records).',
    );
  });

  it('refuses a record without ^, naming the line it starts on', () => {
    const parse = () => parseFixture('qif-missing-caret.qif');
    expect(parse).toThrow(ImportError);
    expect(parse).toThrow(
      'The QIF record that starts on line 6 has no end marker (a line with ^) before line 9. Each transaction must end with ^.',
    );
    expect(() => parseQif('!Type:Bank\nD1/2/25\nT-1\nPTea\n')).toThrow(/starts on line 2 has no end marker/);
  });
});

describe('qifDate', () => {
  it.each([
    ['6/ 1/94', 'mdy', '1994-06-01'],
    ["6/ 1' 4", 'mdy', '2004-06-01'],
    ["12/31'99", 'mdy', '2099-12-31'],
    ['1/2/25', 'mdy', '2025-01-02'],
    ['01/02/2025', 'dmy', '2025-02-01'],
    ['1.2.2025', 'dmy', '2025-02-01'],
    ['2025-03-04', 'dmy', '2025-03-04'],
    ['2/29/2023', 'mdy', null],
    ['yesterday', 'mdy', null],
  ] as const)('%s (%s) → %s', (text, order, day) => {
    expect(qifDate(text, order)).toBe(day);
  });
});
