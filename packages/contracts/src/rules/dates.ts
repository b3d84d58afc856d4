import { MESSAGES } from '../messages';

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
  const second = Math.floor(now.getTime() / 1000);
  const last = lastDays.get(timeZone);
  if (last?.second === second) return last.day;
  const parts = dayFormatter(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  lastDays.set(timeZone, { second, day });
  return day;
}

/**
 * The last day found per time zone and the second it was found for: every request asks for today, and
 * the day cannot change within a second (zone offsets are whole seconds, so a midnight starts one), so
 * the requests of the same second reuse it instead of formatting the date again. Kept beside the zone's
 * formatter, so as bounded as those.
 */
const lastDays = new Map<string, { second: number; day: string }>();

/**
 * One formatter per time zone, made on first use: building an Intl.DateTimeFormat loads the zone's rules
 * and costs more than the formatting itself (it was most of the charts' own CPU, once per request). An
 * unknown zone throws before anything is kept.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const MAX_REMEMBERED_ZONES = 1000;

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Zone names are a few hundred, but their spelling is free (case): never let the map grow without end.
    if (dayFormatters.size >= MAX_REMEMBERED_ZONES) {
      dayFormatters.clear();
      lastDays.clear();
    }
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Before this day a date is a typing slip (1900, 0202…), not a transaction anyone records. */
export const EARLIEST_DATE = '1970-01-01';
/** Later than this many years ahead a date is a slip too (2999); plans and rules need less. */
export const MAX_YEARS_AHEAD = 10;
/** A form asks the user to check a date further ahead than this, without refusing it. */
export const FAR_AHEAD_YEARS = 1;

/** The same calendar day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(day: string, years: number): string {
  const [year, month, date] = [
    Number(day.slice(0, 4)) + years,
    Number(day.slice(5, 7)),
    Number(day.slice(8, 10)),
  ];
  const fits = date <= daysInMonth(year, month) ? date : daysInMonth(year, month);
  return `${String(year).padStart(4, '0')}-${day.slice(5, 7)}-${String(fits).padStart(2, '0')}`;
}

/** The last day a transaction, budget month or recurring rule may be dated, seen from `today`. */
export function latestDate(today: string): string {
  return addYears(today, MAX_YEARS_AHEAD);
}

/**
 * The one date rule for everything stored (transactions, budget months, recurring dates, import rows):
 * MESSAGES.dateOutOfRange for the first day outside 1970-01-01 … today + 10 years, else null. Days
 * that are absent (an optional end date) are skipped. Calendar strings compare like the days they name.
 */
export function dateRangeProblem(days: readonly (string | null | undefined)[], today: string): string | null {
  const latest = latestDate(today);
  const outside = days.some((day) => day != null && (day < EARLIEST_DATE || day > latest));
  return outside ? MESSAGES.dateOutOfRange : null;
}

/** True for a day further ahead than a form accepts without asking the user to check it. */
export function isFarAhead(day: string, today: string): boolean {
  return isCalendarDate(day) && day > addYears(today, FAR_AHEAD_YEARS);
}

/**
 * "Today" for the upper bound on the server: the day in the zone furthest ahead (UTC+14), so no user
 * anywhere is refused a date that is within the bound where they are. The clock is the caller's.
 */
export function latestTodayOnEarth(now: Date): string {
  return todayInTimeZone('Pacific/Kiritimati', now);
}
