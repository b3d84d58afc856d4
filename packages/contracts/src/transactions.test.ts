import { describe, expect, it } from 'vitest';

import { MESSAGES } from './messages';
import {
  createTransactionInput,
  listTransactionsInput,
  transactionChangesInput,
  transactionIdsInput,
  updateTransactionInput,
} from './transactions';

function firstMessage(result: { error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('createTransactionInput', () => {
  it('trims, defaults and keeps the amount as exact decimal text (the account’s currency decides its unit)', () => {
    expect(createTransactionInput.parse({ name: ' Rent ', category: 'Bills', amount: '1200.5' })).toEqual({
      name: 'Rent',
      category: 'Bills',
      amount: '1200.5',
      isIncome: false,
      note: '',
      tags: [],
    });
  });

  it.each([
    [{ category: 'Bills', amount: 1 }, MESSAGES.transactionNameRequired],
    [{ name: '   ', category: 'Bills', amount: 1 }, MESSAGES.transactionNameRequired],
    [{ name: 'x', amount: 1 }, MESSAGES.categoryRequired],
    [{ name: 'x', category: { $ne: '' }, amount: 1 }, MESSAGES.categoryRequired],
    [{ name: 'x', category: 'Bills' }, MESSAGES.amountRequired],
    [{ name: 'x', category: 'Bills', amount: 1, date: '2025-02-30' }, MESSAGES.invalidDate],
    [{ name: 'x', category: 'Bills', amount: 1, isIncome: 'yes' }, MESSAGES.isIncomeInvalid],
    [{ name: 'x', category: 'Bills', amount: 1, note: 'n'.repeat(2001) }, MESSAGES.noteTooLong],
    [{ name: 'x'.repeat(201), category: 'Bills', amount: 1 }, MESSAGES.transactionNameTooLong],
  ])('refuses %j', (input, message) => {
    expect(firstMessage(createTransactionInput.safeParse(input))).toBe(message);
  });
});

describe('updateTransactionInput', () => {
  it('is a full replacement: a missing note becomes empty', () => {
    const parsed = updateTransactionInput.parse({
      id: 'a',
      name: 'n',
      category: 'c',
      amount: 2,
      isIncome: true,
      date: '2025-01-01',
    });
    expect(parsed).toMatchObject({ note: '', amount: '2' });
  });

  it('needs every field', () => {
    expect(updateTransactionInput.safeParse({ id: 'a', name: 'n', category: 'c', amount: 2 }).success).toBe(
      false,
    );
  });
});

describe('transactionChangesInput', () => {
  it('keeps only what was sent', () => {
    expect(transactionChangesInput.parse({ note: '' })).toEqual({ note: '' });
    expect(transactionChangesInput.parse({ amount: '3' })).toEqual({ amount: '3' });
  });

  it('still refuses a zero amount', () => {
    expect(firstMessage(transactionChangesInput.safeParse({ amount: 0 }))).toBe(MESSAGES.amountNotPositive);
  });
});

describe('listTransactionsInput', () => {
  it('defaults to the first page of 10 and cuts large pages to 100', () => {
    expect(listTransactionsInput.parse({})).toEqual({ page: 1, limit: 10, sort: 'date' });
    expect(listTransactionsInput.parse({ limit: 5000 }).limit).toBe(100);
  });

  it.each([{ page: 0 }, { page: 1.5 }, { limit: 0 }, { limit: -1 }, { startDate: '2025-13-01' }])(
    'refuses %j',
    (input) => {
      expect(listTransactionsInput.safeParse(input).success).toBe(false);
    },
  );
});

describe('transactionIdsInput', () => {
  it.each([{}, { ids: [] }, { ids: 'abc' }, { ids: [1] }])('refuses %j with the legacy message', (input) => {
    expect(firstMessage(transactionIdsInput.safeParse(input))).toBe(MESSAGES.transactionIdsRequired);
  });

  it('refuses more than 1000 ids', () => {
    const ids = Array.from({ length: 1001 }, (_, i) => String(i));
    expect(firstMessage(transactionIdsInput.safeParse({ ids }))).toBe(MESSAGES.tooManyTransactionIds);
  });
});
