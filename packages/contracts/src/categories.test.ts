import { describe, expect, it } from 'vitest';

import { EXPENSE_CATEGORIES, sortCategories } from './categories';

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
});
