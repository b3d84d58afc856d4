import { describe, expect, it } from 'vitest';

import {
  axisTicks,
  formatMoneyCompact,
  longBucket,
  longDay,
  shortBucket,
  shortDay,
  weeklyTicks,
} from './chart-style';

describe('chart labels', () => {
  it.each([
    [0, 'USD', '$0'],
    [200, 'USD', '$200'],
    [0.3, 'USD', '$0.30'],
    [1500, 'USD', '$1.5K'],
    [2_000_000, 'INR', '₹2M'],
    [100, 'EUR', '€100'],
    // An account's own currency, whatever its minor unit: a yen, a dinar's fils.
    [150_000, 'JPY', '¥150K'],
    [0.5, 'JPY', '¥0.5'],
    [100, 'BHD', 'BHD\u00a0100'],
    [0.005, 'BHD', 'BHD\u00a00.005'],
    [0.25, 'BHD', 'BHD\u00a00.25'],
  ])('axis amount %s %s is %s', (amount, currency, expected) => {
    expect(formatMoneyCompact(amount, currency)).toBe(expected);
  });

  it('reads calendar days without the browser time zone moving them', () => {
    expect(shortDay('2025-03-09')).toBe('Mar 9');
    expect(longDay('2025-03-09')).toBe('Sun, Mar 9, 2025');
  });

  it('ticks every 7th day counted back from today, so today is always labelled', () => {
    const days = Array.from({ length: 30 }, (_, i) => `2025-01-${String(i + 1).padStart(2, '0')}`);
    expect(weeklyTicks(days)).toEqual(['2025-01-02', '2025-01-09', '2025-01-16', '2025-01-23', '2025-01-30']);
  });

  it('labels months by month and keeps a long axis to four ticks ending on the last point', () => {
    expect(shortBucket('2025-03-01', 'month')).toBe('Mar 25');
    expect(longBucket('2025-03-01', 'month')).toBe('March 2025');
    const months = Array.from(
      { length: 24 },
      (_, i) => `20${24 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
    );
    const ticks = axisTicks(months);
    expect(ticks.length).toBeLessThanOrEqual(4);
    expect(ticks.at(-1)).toBe('2025-12-01');
  });
});
