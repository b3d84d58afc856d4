import { describe, expect, it } from 'vitest';

import { calendarDayOf, isCalendarDate, isoDate, todayInTimeZone } from './dates';
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
});

describe('isoDate', () => {
  it('refuses an impossible day with the date message', () => {
    const result = isoDate.safeParse('2025-02-30');
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.invalidDate);
  });
});
