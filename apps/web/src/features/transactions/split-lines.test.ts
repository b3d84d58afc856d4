import { describe, expect, it } from 'vitest';

import { categoryLabel, leftToAssign, splitInput, startSplit } from './split-lines';

describe('split lines in the form', () => {
  it('shows what is left to assign, exactly in cents, with untyped lines counting as nothing', () => {
    expect(leftToAssign('100', startSplit('100', 'Groceries'))).toBe(0);
    expect(
      leftToAssign('0.3', [
        { category: 'A', amount: '0.1', note: '' },
        { category: 'B', amount: '0.2', note: '' },
      ]),
    ).toBe(0);
    expect(
      leftToAssign('100', [
        { category: 'A', amount: '60', note: '' },
        { category: 'B', amount: '', note: '' },
      ]),
    ).toBe(4000);
    expect(leftToAssign('10', [{ category: 'A', amount: '10.01', note: '' }])).toBe(-1);
    expect(leftToAssign('', [])).toBeUndefined();
  });

  it('sends trimmed lines and labels a split row by its line count', () => {
    expect(splitInput([{ category: ' Food ', amount: ' 2.50 ', note: ' x ' }])).toEqual([
      { category: 'Food', amount: '2.50', note: 'x' },
    ]);
    expect(
      categoryLabel({
        category: 'Split',
        splits: [
          { category: 'A', amount: 1, note: '' },
          { category: 'B', amount: 1, note: '' },
          { category: 'C', amount: 1, note: '' },
        ],
      }),
    ).toBe('Split (3)');
    expect(categoryLabel({ category: 'Food', splits: [] })).toBe('Food');
  });
});
