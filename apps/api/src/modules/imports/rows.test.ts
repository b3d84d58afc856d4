import { describe, expect, it } from 'vitest';

import { NOTE_MAX_LENGTH, TRANSACTION_NAME_MAX_LENGTH } from '@paisable/contracts';

import { accountList, finishRow, maskAccountNumber, type RowDraft } from './rows';

const draft = (overrides: Partial<RowDraft>): RowDraft => ({
  date: '2025-01-02',
  amountCents: 100,
  isIncome: false,
  names: ['Shop'],
  note: '',
  source: { line: 1 },
  ...overrides,
});

describe('finishRow', () => {
  it('takes the first non-empty name, collapses spaces, and drops a note equal to the name', () => {
    expect(
      finishRow(draft({ names: [undefined, '  ', ' ACME \n  Payroll '], note: 'ACME Payroll' })),
    ).toEqual({
      date: '2025-01-02',
      amountCents: 100,
      isIncome: false,
      name: 'ACME Payroll',
      note: '',
      source: { line: 1 },
    });
  });

  it('never cuts a long payee silently: shortened at a word, full text in the note, and a warning', () => {
    const long = `${'Very long payee description '.repeat(10)}END`;
    const row = finishRow(draft({ names: [long], note: 'memo' }));
    expect(row.name.length).toBeLessThanOrEqual(TRANSACTION_NAME_MAX_LENGTH);
    expect(row.name.endsWith('description…')).toBe(true);
    expect(row.note).toBe(`${long} — memo`);
    expect(row.warnings).toEqual([
      `Payee shortened to ${TRANSACTION_NAME_MAX_LENGTH} characters; the full text is in the note.`,
    ]);
  });

  it('shortens a note over the limit and says so', () => {
    const row = finishRow(draft({ note: 'word '.repeat(600) }));
    expect(row.note.length).toBeLessThanOrEqual(NOTE_MAX_LENGTH);
    expect(row.warnings).toEqual([`Note shortened to ${NOTE_MAX_LENGTH} characters.`]);
  });

  it('names a row without payee from its type, or generically, with a warning', () => {
    expect(finishRow(draft({ names: [''], fallbackName: 'Interest' }))).toMatchObject({
      name: 'Interest',
      warnings: ['The file gives no payee or description; named "Interest".'],
    });
    expect(finishRow(draft({ names: [] })).name).toBe('Bank transaction');
  });

  it('keeps a bank id and a category only when they have text', () => {
    expect(finishRow(draft({ bankId: ' F1 ', category: 'Food' }))).toMatchObject({
      bankId: 'F1',
      category: 'Food',
    });
    const row = finishRow(draft({ bankId: ' ', category: '' }));
    expect('bankId' in row || 'category' in row).toBe(false);
  });
});

describe('accounts', () => {
  it('masks account numbers to their last 4 characters', () => {
    expect(maskAccountNumber('DE89 3704 0044 0532 0130 00')).toBe('••••3000');
    expect(maskAccountNumber('10020030/0123456789')).toBe('••••6789');
    expect(maskAccountNumber('')).toBeUndefined();
  });

  it('merges statements of one account and numbers the accounts without their numbers', () => {
    const accounts = accountList();
    const first = accounts.get('DE89|EUR', {
      kind: 'Account',
      number: 'DE89370400440532013000',
      currency: 'EUR',
    });
    const again = accounts.get('DE89|EUR', {
      kind: 'Account',
      number: 'DE89370400440532013000',
      currency: 'EUR',
    });
    const other = accounts.get('NL91|EUR', {});
    expect(again).toBe(first);
    expect(accounts.all().map((a) => [a.key, a.label])).toEqual([
      ['account-1', 'Account · ••••3000 · EUR'],
      ['account-2', 'Account 2'],
    ]);
    expect(other.key).toBe('account-2');
  });
});

describe('finishRow bank ids', () => {
  it.each([
    ['FITID-1', 'FITID-1'],
    ['  AAAASESS-FP-ACCR001 ', 'AAAASESS-FP-ACCR001'],
    ['NOTPROVIDED', undefined],
    ['NONREF', undefined],
    ['0', undefined],
    ['DE89370400440532013000', undefined],
  ])('%s → %s', (bankId, kept) => {
    const row = finishRow({
      date: '2025-01-02',
      amountCents: 100,
      isIncome: false,
      names: ['Shop'],
      note: '',
      bankId,
      source: { line: 1 },
    });
    expect(row.bankId).toBe(kept);
  });
});
