import { describe, expect, it } from 'vitest';

import { matchSameRows, type SameRowKey } from './same-rows';

const coffee = (name = 'Coffee', date = '2025-01-02'): SameRowKey => ({
  date,
  amountCents: 320,
  isIncome: false,
  name,
});

describe('matchSameRows', () => {
  it.each([
    ['nothing saved: every row is new', [coffee(), coffee()], [], [-1, -1]],
    ['one saved coffee: the 1st is it, the 2nd is new', [coffee(), coffee()], [coffee()], [0, -1]],
    ['two saved: each file row is paired with its own', [coffee(), coffee()], [coffee(), coffee()], [0, 1]],
    ['spaces around the saved name do not matter', [coffee()], [coffee('  Coffee ')], [0]],
    [
      'another day, name or direction is another row',
      [coffee()],
      [coffee('Tea'), coffee('Coffee', '2025-01-03')],
      [-1],
    ],
  ])('%s', (_case, rows, saved, matches) => {
    expect(matchSameRows(rows, saved)).toEqual(matches);
  });

  it('pairs by key, whatever the order of the saved rows', () => {
    expect(matchSameRows([coffee('Tea'), coffee()], [coffee(), coffee('Tea')])).toEqual([1, 0]);
  });
});
