import { describe, expect, it } from 'vitest';

import { categoryLabel, leftToAssign, splitInput, startSplit } from './split-lines';

describe('split lines in the form', () => {
  it('shows what is left to assign, exactly in cents, with untyped lines counting as nothing', () => {
    expect(leftToAssign('100', startSplit('100', 'Groceries'), 'USD')).toBe(0);
    expect(
      leftToAssign(
        '0.3',
        [
          { category: 'A', amount: '0.1', note: '' },
          { category: 'B', amount: '0.2', note: '' },
        ],
        'USD',
      ),
    ).toBe(0);
    expect(
      leftToAssign(
        '100',
        [
          { category: 'A', amount: '60', note: '' },
          { category: 'B', amount: '', note: '' },
        ],
        'USD',
      ),
    ).toBe(4000);
    expect(leftToAssign('10', [{ category: 'A', amount: '10.01', note: '' }], 'USD')).toBe(-1);
    expect(leftToAssign('', [], 'USD')).toBeUndefined();
  });

  it('counts what is left in the row’s currency: whole yen, a 12.5 yen line as nothing yet', () => {
    const lines = [
      { category: 'A', amount: '1000', note: '' },
      { category: 'B', amount: '12.5', note: '' },
    ];
    expect(leftToAssign('1500', lines, 'JPY')).toBe(500);
    expect(leftToAssign('1500.5', lines, 'JPY')).toBeUndefined();
    expect(leftToAssign('1.5', [{ category: 'A', amount: '1.234', note: '' }], 'BHD')).toBe(266);
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
