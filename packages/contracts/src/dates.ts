import { z } from 'zod';

import { MESSAGES } from './messages';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIME_SUFFIX = /^T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * True for a real calendar day written `YYYY-MM-DD` (2024-02-29 yes, 2025-02-30 no). Years before 1000
 * are refused: nobody records such a transaction, and PostgreSQL rejects year 0.
 */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The calendar day a client meant: `YYYY-MM-DD` as it is, or the first 10 characters of an ISO timestamp.
 * A timestamp's offset is deliberately ignored: the client wrote the day it saw, and converting it to
 * another zone would move the transaction to a neighbouring day. Null when it is neither.
 */
export function calendarDayOf(value: string): string | null {
  const day = value.slice(0, 10);
  if (!isCalendarDate(day)) return null;
  const rest = value.slice(10);
  return rest === '' || ISO_TIME_SUFFIX.test(rest) ? day : null;
}

/** The calendar day it is at `now` in an IANA time zone. */
export function todayInTimeZone(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day `YYYY-MM-DD`; never a timestamp, so no time zone can shift it. */
export const isoDate = z
  .string({ error: MESSAGES.invalidDate })
  .refine(isCalendarDate, { message: MESSAGES.invalidDate });
