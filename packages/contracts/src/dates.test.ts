import { describe, expect, it } from 'vitest';

import {
  addYears,
  calendarDayOf,
  dateRangeProblem,
  isCalendarDate,
  isFarAhead,
  isoDate,
  latestDate,
  latestTodayOnEarth,
  storedDate,
  todayInTimeZone,
} from './dates';
import { MESSAGES } from './messages';

describe('isCalendarDate', () => {
  it.each([
    ['2025-01-31', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-02-28', true],
    ['9999-12-31', true],
    ['2025-02-29', false],
    ['1900-02-29', false],
    ['2025-02-30', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-01-00', false],
    ['0999-01-01', false],
    ['2025-1-1', false],
    ['20250131', false],
    ['2025-01-31T00:00:00Z', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('calendarDayOf', () => {
  it.each([
    ['2025-01-31', '2025-01-31'],
    ['2025-01-31T00:00:00.000Z', '2025-01-31'],
    ['2025-01-31T23:59:59.999Z', '2025-01-31'],
    ['2025-01-31T10:00:00+14:00', '2025-01-31'],
    ['2025-01-31T10:00:00-1000', '2025-01-31'],
    ['2025-01-31T10:00', '2025-01-31'],
    ['2025-02-30', null],
    ['2025-02-30T00:00:00.000Z', null],
    ['2025-01-31 garbage', null],
    ['2025-01-31Tnoon', null],
    ['yesterday', null],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(calendarDayOf(value)).toBe(expected);
  });
});

describe('todayInTimeZone', () => {
  // 2025-01-31 12:00 UTC is already Feb 1 on Kiritimati (UTC+14) and still early Jan 31 on Adak (UTC-10).
  const noonUtc = new Date('2025-01-31T12:00:00Z');

  it.each([
    ['UTC', noonUtc, '2025-01-31'],
    ['Pacific/Kiritimati', noonUtc, '2025-02-01'],
    ['America/Adak', noonUtc, '2025-01-31'],
    ['America/Adak', new Date('2025-01-31T09:59:59Z'), '2025-01-30'],
    ['Asia/Kolkata', new Date('2024-12-31T18:30:00Z'), '2025-01-01'],
  ])('in %s at %s it is %s', (zone, now, day) => {
    expect(todayInTimeZone(zone, now)).toBe(day);
  });

  it('turns at midnight to the millisecond when asked again and again, the clock going either way', () => {
    // Kolkata is UTC+05:30: its midnight is at 18:30 UTC.
    const asked: [string, string][] = [
      ['2024-12-31T18:29:59.000Z', '2024-12-31'],
      ['2024-12-31T18:29:59.999Z', '2024-12-31'],
      ['2024-12-31T18:30:00.000Z', '2025-01-01'],
      ['2024-12-31T18:30:00.999Z', '2025-01-01'],
      ['2024-12-31T18:29:59.999Z', '2024-12-31'],
      ['2025-06-30T18:30:00.000Z', '2025-07-01'],
    ];
    for (const [now, day] of asked) expect(todayInTimeZone('Asia/Kolkata', new Date(now))).toBe(day);
  });
});

describe('isoDate', () => {
  it('refuses an impossible day with the date message', () => {
    const result = isoDate.safeParse('2025-02-30');
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.invalidDate);
  });

  it('says a date is required when the box is empty or the field is missing, and nothing else', () => {
    expect(storedDate.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      MESSAGES.dateRequired,
    ]);
    expect(isoDate.safeParse(undefined).error?.issues[0]?.message).toBe(MESSAGES.dateRequired);
  });
});

describe('date bounds', () => {
  const today = '2026-11-24';

  it('adds years to a calendar day, 29 February falling back to the 28th', () => {
    expect(addYears('2026-11-24', 10)).toBe('2036-11-24');
    expect(addYears('2024-02-29', 10)).toBe('2034-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(latestDate(today)).toBe('2036-11-24');
  });

  it.each([
    ['1970-01-01', null],
    ['2036-11-24', null],
    ['1969-12-31', MESSAGES.dateOutOfRange],
    ['1900-01-01', MESSAGES.dateOutOfRange],
    ['2036-11-25', MESSAGES.dateOutOfRange],
    ['2999-12-31', MESSAGES.dateOutOfRange],
  ])('%s → %s', (day, problem) => {
    expect(dateRangeProblem([day], today)).toBe(problem);
  });

  it('skips absent days and reports the first one outside', () => {
    expect(dateRangeProblem([undefined, null, '2026-01-01'], today)).toBeNull();
    expect(dateRangeProblem(['2026-01-01', '2999-01-01'], today)).toBe(MESSAGES.dateOutOfRange);
  });

  it('the schema refuses a stored date before 1970 without a clock, with the same message', () => {
    expect(storedDate.safeParse('1970-01-01').success).toBe(true);
    expect(storedDate.safeParse('1900-01-01').error?.issues[0]?.message).toBe(MESSAGES.dateOutOfRange);
    expect(storedDate.safeParse('1900-13-01').error?.issues[0]?.message).toBe(MESSAGES.invalidDate);
  });

  it('asks to check a date more than a year ahead', () => {
    expect(isFarAhead('2027-11-24', today)).toBe(false);
    expect(isFarAhead('2027-11-25', today)).toBe(true);
  });

  it("takes the server's today in the zone furthest ahead, so no user is refused their own today + 10 years", () => {
    expect(latestTodayOnEarth(new Date('2026-11-24T10:30:00Z'))).toBe('2026-11-25');
    expect(latestTodayOnEarth(new Date('2026-11-24T09:30:00Z'))).toBe('2026-11-24');
  });
});
