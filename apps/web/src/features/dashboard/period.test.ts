import { describe, expect, it } from 'vitest';

import { customProblem, parseDashboardSearch, shownPeriod } from './period';

describe('parseDashboardSearch', () => {
  it('keeps what the picker writes and drops anything else', () => {
    expect(parseDashboardSearch({})).toEqual({});
    expect(parseDashboardSearch({ period: 'last-30-days' })).toEqual({});
    expect(parseDashboardSearch({ period: 'last-12-months', from: '2025-01-01' })).toEqual({
      period: 'last-12-months',
    });
    expect(parseDashboardSearch({ period: 'forever' })).toEqual({});
    expect(parseDashboardSearch({ period: 'custom', from: '2025-02-30', to: '2025-03-01' })).toEqual({
      period: 'custom',
      to: '2025-03-01',
    });
  });
});

describe('shownPeriod', () => {
  it('is the last 30 days by default, in the spec’s words', () => {
    expect(shownPeriod({}, '2025-03-10')).toEqual({
      preset: 'last-30-days',
      from: '2025-02-09',
      to: '2025-03-10',
      input: { preset: 'last-30-days' },
      words: 'last 30 days',
    });
  });

  it('shows a custom period, and the default while it is refused', () => {
    expect(
      shownPeriod({ period: 'custom', from: '2025-01-01', to: '2025-01-31' }, '2025-03-10'),
    ).toMatchObject({
      from: '2025-01-01',
      to: '2025-01-31',
      input: { from: '2025-01-01', to: '2025-01-31' },
      words: 'Jan 1, 2025 – Jan 31, 2025',
    });
    const backwards = { period: 'custom', from: '2025-02-01', to: '2025-01-31' } as const;
    expect(shownPeriod(backwards, '2025-03-10')).toMatchObject({ from: '2025-02-09', to: '2025-03-10' });
    expect(customProblem(backwards)).toBe('The start of the period cannot be after its end.');
    expect(customProblem({ period: 'custom', from: '2025-02-01' })).toBe('Pick a start and an end date.');
  });
});
