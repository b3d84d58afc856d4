import { describe, expect, it } from 'vitest';

import { moveMonth, parseBudgetSearch, shownMonth } from './month';

describe('the budget month in the URL', () => {
  it('reads a month and a year, or falls back to the current month', () => {
    expect(parseBudgetSearch({ month: '3', year: '2026' })).toEqual({ month: 3, year: 2026 });
    expect(parseBudgetSearch({ month: 13, year: 2026 })).toEqual({});
    expect(parseBudgetSearch({ month: 3 })).toEqual({});
    expect(shownMonth({}, '2026-11-26')).toEqual({ month: 11, year: 2026 });
  });

  it('steps across years and stops at the budget years', () => {
    expect(moveMonth({ month: 1, year: 2026 }, -1)).toEqual({ month: 12, year: 2025 });
    expect(moveMonth({ month: 12, year: 2026 }, 1)).toEqual({ month: 1, year: 2027 });
    expect(moveMonth({ month: 1, year: 2000 }, -1)).toBeUndefined();
  });
});
