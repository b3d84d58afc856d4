import { describe, expect, it } from 'vitest';

import type { CentsTotal } from '@paisable/contracts';

import { addDays, chartWindow, dailySeries } from './chart-series';

describe('addDays', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-03-30', 1, '2025-03-31'], // a DST change in Europe does not matter to a calendar day
    ['2025-03-15', -29, '2025-02-14'],
  ])('%s %+d is %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });
});

describe('chartWindow', () => {
  it('is the 30 days ending today, both ends included', () => {
    expect(chartWindow('2025-03-01')).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    // 2024 is a leap year: 29 February is one of the 30 days.
    expect(chartWindow('2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
  });
});

describe('dailySeries', () => {
  it('has every day of the window, zero where nothing happened', () => {
    const series = dailySeries(
      chartWindow('2025-01-30'),
      new Map<string, CentsTotal>([
        ['2025-01-01', '10'],
        ['2025-01-30', '9007199254740993'],
      ]),
    );
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ date: '2025-01-01', totalCents: '10' });
    expect(series[1]).toEqual({ date: '2025-01-02', totalCents: '0' });
    expect(series[29]).toEqual({ date: '2025-01-30', totalCents: '9007199254740993' });
    expect(new Set(series.map((day) => day.date)).size).toBe(30);
  });
});
