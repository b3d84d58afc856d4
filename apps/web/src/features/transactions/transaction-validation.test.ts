import { describe, expect, it } from 'vitest';

import {
  draftProblem,
  parseAmount,
  SAVE_MESSAGES,
  transactionName,
  type TransactionDraft,
} from './transaction-validation';

const expense: TransactionDraft = {
  isIncome: false,
  name: 'Lunch',
  category: 'Food',
  amount: '12.50',
  date: '2025-03-14',
  note: '',
};

describe('draftProblem', () => {
  it('accepts a complete expense', () => expect(draftProblem(expense)).toBeNull());
  it('needs a name for an expense', () =>
    expect(draftProblem({ ...expense, name: '  ' })).toBe(SAVE_MESSAGES.name));
  it('lets an income go without a name', () =>
    expect(draftProblem({ ...expense, isIncome: true, name: '', category: 'Salary' })).toBeNull());
  it.each(['', '0', '-5', 'abc', '1.234', '1e3'])('refuses the amount %j', (amount) =>
    expect(draftProblem({ ...expense, amount })).toBe(SAVE_MESSAGES.cost),
  );
  it('needs a category', () =>
    expect(draftProblem({ ...expense, category: '' })).toBe(SAVE_MESSAGES.category));
});

describe('parseAmount', () => {
  it('reads decimals exactly as typed', () => {
    expect(parseAmount('0.1')).toBe(0.1);
    expect(parseAmount(' 19.99 ')).toBe(19.99);
    expect(parseAmount('1000000')).toBe(1_000_000);
  });
});

describe('transactionName', () => {
  it('names a nameless income after its category, or General', () => {
    expect(transactionName({ ...expense, isIncome: true, name: '', category: 'Salary' })).toBe(
      'Salary Income',
    );
    expect(transactionName({ ...expense, isIncome: true, name: '', category: '' })).toBe('General Income');
    expect(transactionName({ ...expense, isIncome: true, name: ' Bonus ', category: 'Salary' })).toBe(
      'Bonus',
    );
  });
});
