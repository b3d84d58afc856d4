import { describe, expect, it } from 'vitest';

import {
  builtInSpelling,
  canDeleteCategory,
  categoryKindOf,
  EXPENSE_CATEGORIES,
  sortCategories,
} from './categories';

describe('sortCategories', () => {
  it('sorts case-insensitively and removes exact duplicates', () => {
    expect(sortCategories(['bills', 'Zoo', 'apple', 'Bills', 'apple'])).toEqual([
      'apple',
      'Bills',
      'bills',
      'Zoo',
    ]);
    expect(sortCategories(['beta', 'Alpha', 'gamma'])).toEqual(['Alpha', 'beta', 'gamma']);
  });

  it('keeps the built-in expense list in reading order', () => {
    expect(sortCategories(EXPENSE_CATEGORIES)).toEqual([
      'Bills',
      'Entertainment',
      'Food',
      'Groceries',
      'Miscellaneous',
      'Shopping',
      'Subscriptions',
      'Transportation',
    ]);
  });

  it('folds accents when sorting', () => {
    expect(sortCategories(['Zoo', 'Éclair', 'eel'])).toEqual(['Éclair', 'eel', 'Zoo']);
  });
});

describe('builtInSpelling', () => {
  it.each([
    ['expense', 'Food', 'Food'],
    ['expense', 'food', 'Food'],
    ['expense', 'MISCELLANEOUS', 'Miscellaneous'],
    ['expense', 'Salary', undefined],
    ['income', 'salary', 'Salary'],
    ['income', 'freelance / side gig', 'Freelance / Side Gig'],
    ['income', 'Food', undefined],
    ['expense', 'Pets', undefined],
  ] as const)('%s %s → %s', (kind, name, expected) => {
    expect(builtInSpelling(kind, name)).toBe(expected);
  });
});

describe('canDeleteCategory', () => {
  it.each([
    ['expense', 'Pets', true],
    ['income', 'Bonus', true],
    ['expense', 'Food', false],
    ['expense', 'groceries', false],
    ['income', 'Refunds', false],
    ['income', 'Miscellaneous', false],
    ['income', 'miscellaneous', false],
    ['income', 'Food', true],
    ['expense', 'Salary', true],
  ] as const)('%s %s → %s', (kind, name, expected) => {
    expect(canDeleteCategory(kind, name)).toBe(expected);
  });
});

describe('categoryKindOf', () => {
  it('maps isIncome to the list', () => {
    expect(categoryKindOf(true)).toBe('income');
    expect(categoryKindOf(false)).toBe('expense');
  });
});
