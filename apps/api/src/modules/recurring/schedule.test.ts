import { describe, expect, it } from 'vitest';

import {
  dueOccurrences,
  firstOccurrenceAfter,
  firstOccurrenceFrom,
  occurrenceAt,
  type Schedule,
} from './schedule';

const rule = (
  frequency: Schedule['frequency'],
  startDate: string,
  endDate: string | null = null,
): Schedule => ({
  frequency,
  startDate,
  endDate,
});

function firstN(schedule: Schedule, count: number) {
  return Array.from({ length: count }, (_, n) => occurrenceAt(schedule, n));
}

describe('occurrenceAt', () => {
  it.each([
    [
      'monthly from Jan 31 in a common year',
      rule('monthly', '2025-01-31'),
      ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31'],
    ],
    [
      'monthly from Jan 31 in a leap year',
      rule('monthly', '2024-01-31'),
      ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30'],
    ],
    [
      'monthly from Mar 31 keeps the 31st after April',
      rule('monthly', '2025-03-31'),
      ['2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30', '2025-07-31'],
    ],
    [
      'monthly from the 30th across February and the year end',
      rule('monthly', '2025-11-30'),
      ['2025-11-30', '2025-12-30', '2026-01-30', '2026-02-28', '2026-03-30'],
    ],
    ['monthly from the 15th', rule('monthly', '2025-12-15'), ['2025-12-15', '2026-01-15', '2026-02-15']],
    [
      'annually from Feb 29',
      rule('annually', '2024-02-29'),
      ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'],
    ],
    ['annually from Dec 31', rule('annually', '2025-12-31'), ['2025-12-31', '2026-12-31', '2027-12-31']],
    [
      'daily across a month, a leap day and a year end',
      rule('daily', '2024-02-28'),
      ['2024-02-28', '2024-02-29', '2024-03-01'],
    ],
    ['daily across the year end', rule('daily', '2025-12-31'), ['2025-12-31', '2026-01-01', '2026-01-02']],
    // Europe and the US change their clocks in these weeks: calendar days are not affected.
    [
      'weekly across the spring DST change',
      rule('weekly', '2025-03-03'),
      ['2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31'],
    ],
    [
      'weekly across the autumn DST change',
      rule('weekly', '2025-10-20'),
      ['2025-10-20', '2025-10-27', '2025-11-03', '2025-11-10'],
    ],
    ['weekly across a year end', rule('weekly', '2025-12-29'), ['2025-12-29', '2026-01-05', '2026-01-12']],
  ])('%s', (_label, schedule, expected) => {
    expect(firstN(schedule, expected.length)).toEqual(expected);
  });

  it('keeps weekly occurrences on the same weekday for years', () => {
    const schedule = rule('weekly', '2025-03-03'); // a Monday
    for (let n = 0; n < 600; n += 37) {
      expect(new Date(`${occurrenceAt(schedule, n)}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });
});

describe('firstOccurrenceFrom and firstOccurrenceAfter', () => {
  it.each([
    [rule('monthly', '2025-01-31'), null, '2025-01-31'],
    [rule('monthly', '2025-01-31'), '2024-06-01', '2025-01-31'],
    [rule('monthly', '2025-01-31'), '2025-02-01', '2025-02-28'],
    [rule('monthly', '2025-01-31'), '2025-02-28', '2025-02-28'],
    [rule('monthly', '2025-01-31'), '2025-03-01', '2025-03-31'],
    [rule('monthly', '2025-01-15'), '2025-03-16', '2025-04-15'],
    [rule('weekly', '2025-03-03'), '2025-03-04', '2025-03-10'],
    [rule('weekly', '2025-03-03'), '2025-03-10', '2025-03-10'],
    [rule('daily', '2025-03-03'), '2025-04-01', '2025-04-01'],
    [rule('annually', '2024-02-29'), '2025-01-01', '2025-02-28'],
    [rule('annually', '2024-02-29'), '2025-03-01', '2026-02-28'],
    [rule('annually', '2024-02-29'), '2027-03-01', '2028-02-29'],
  ])('%o from %s is %s', (schedule, date, expected) => {
    expect(firstOccurrenceFrom(schedule, date)).toBe(expected);
  });

  it('is null past the end date, which itself is included', () => {
    const schedule = rule('monthly', '2025-01-31', '2025-03-31');
    expect(firstOccurrenceFrom(schedule, '2025-03-31')).toBe('2025-03-31');
    expect(firstOccurrenceFrom(schedule, '2025-04-01')).toBeNull();
    expect(firstOccurrenceAfter(schedule, '2025-02-28')).toBe('2025-03-31');
    expect(firstOccurrenceAfter(schedule, '2025-03-31')).toBeNull();
  });
});

describe('dueOccurrences', () => {
  it('lists every occurrence from a date through today, and the next one', () => {
    expect(
      dueOccurrences(rule('monthly', '2024-11-30'), {
        from: '2024-11-30',
        through: '2025-03-15',
        limit: 100,
      }),
    ).toEqual({
      dates: ['2024-11-30', '2024-12-30', '2025-01-30', '2025-02-28'],
      next: '2025-03-30',
    });
  });

  it('includes today when an occurrence falls on it', () => {
    expect(
      dueOccurrences(rule('daily', '2025-05-01'), { from: '2025-05-01', through: '2025-05-03', limit: 10 }),
    ).toEqual({
      dates: ['2025-05-01', '2025-05-02', '2025-05-03'],
      next: '2025-05-04',
    });
  });

  it('has nothing due before the start date', () => {
    expect(
      dueOccurrences(rule('weekly', '2025-06-01'), { from: '2025-06-01', through: '2025-05-31', limit: 10 }),
    ).toEqual({
      dates: [],
      next: '2025-06-01',
    });
  });

  it('stops at the end date and then has no next occurrence', () => {
    expect(
      dueOccurrences(rule('weekly', '2025-01-06', '2025-01-20'), {
        from: '2025-01-06',
        through: '2025-12-31',
        limit: 10,
      }),
    ).toEqual({ dates: ['2025-01-06', '2025-01-13', '2025-01-20'], next: null });
  });

  it('stops at the limit, and the next one is the first left out', () => {
    expect(
      dueOccurrences(rule('daily', '2025-01-01'), { from: '2025-01-01', through: '2025-12-31', limit: 3 }),
    ).toEqual({
      dates: ['2025-01-01', '2025-01-02', '2025-01-03'],
      next: '2025-01-04',
    });
  });

  it('resumes from a later date without repeating earlier ones', () => {
    const schedule = rule('annually', '2020-02-29');
    expect(dueOccurrences(schedule, { from: '2023-01-01', through: '2025-01-01', limit: 10 })).toEqual({
      dates: ['2023-02-28', '2024-02-29'],
      next: '2025-02-28',
    });
  });
});
