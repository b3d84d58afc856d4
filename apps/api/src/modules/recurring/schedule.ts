import type { RecurringFrequency } from '@paisable/contracts';

/**
 * Recurrence on calendar dates (`YYYY-MM-DD`), free of clocks and time zones: a date is a day, so
 * daylight-saving changes cannot move an occurrence. Occurrence 0 is the start date. Monthly and annual
 * rules keep the start's day of the month (the anchor) and clamp it to short months, so Jan 31 gives
 * Feb 28 (Feb 29 in leap years) and then Mar 31 again; Feb 29 gives Feb 28 in common years.
 */
export type Schedule = {
  frequency: RecurringFrequency;
  startDate: string;
  /** Inclusive; null = no end. */
  endDate: string | null;
};

type Day = { year: number; month: number; day: number };

function parse(date: string): Day {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) throw new Error(`Not a calendar date: ${date}`);
  return { year, month, day };
}

function format({ year, month, day }: Day): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  const a = parse(from);
  const b = parse(to);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/** The calendar day `days` after `date`. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parse(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return format({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
}

/** The anchor day in the month `months` after the start's, clamped to that month's length. */
function addMonthsKeepingDay(date: string, months: number): string {
  const start = parse(date);
  const index = start.month - 1 + months;
  const year = start.year + Math.floor(index / 12);
  const month = (((index % 12) + 12) % 12) + 1;
  return format({ year, month, day: Math.min(start.day, daysInMonth(year, month)) });
}

/** The n-th occurrence of the rule (0 = the start date), ignoring the end date. */
export function occurrenceAt(schedule: Schedule, n: number): string {
  switch (schedule.frequency) {
    case 'daily':
      return addDays(schedule.startDate, n);
    case 'weekly':
      return addDays(schedule.startDate, 7 * n);
    case 'monthly':
      return addMonthsKeepingDay(schedule.startDate, n);
    case 'annually':
      return addMonthsKeepingDay(schedule.startDate, 12 * n);
  }
}

/** The index of the first occurrence on or after `date`. */
function indexOnOrAfter(schedule: Schedule, date: string): number {
  const { startDate, frequency } = schedule;
  if (date <= startDate) return 0;
  const days = daysBetween(startDate, date);
  if (frequency === 'daily') return days;
  if (frequency === 'weekly') return Math.ceil(days / 7);
  const from = parse(startDate);
  const to = parse(date);
  const months = (to.year - from.year) * 12 + (to.month - from.month);
  // The occurrence in `date`'s month (or year) may fall before `date`; then the next one is it.
  const guess = frequency === 'monthly' ? months : Math.floor(months / 12);
  return occurrenceAt(schedule, guess) >= date ? guess : guess + 1;
}

function withinEnd(schedule: Schedule, date: string): boolean {
  return schedule.endDate === null || date <= schedule.endDate;
}

/** The first occurrence on or after `date` (the start when `date` is null or earlier); null past the end. */
export function firstOccurrenceFrom(schedule: Schedule, date: string | null): string | null {
  const next = occurrenceAt(schedule, date === null ? 0 : indexOnOrAfter(schedule, date));
  return withinEnd(schedule, next) ? next : null;
}

/** The first occurrence strictly after `date`; null past the end. */
export function firstOccurrenceAfter(schedule: Schedule, date: string): string | null {
  return firstOccurrenceFrom(schedule, addDays(date, 1));
}

/**
 * The occurrences from `from` (inclusive) through `through` (inclusive, usually the user's today), at
 * most `limit` of them, and the first occurrence left after them (null once past the end date).
 */
export function dueOccurrences(
  schedule: Schedule,
  { from, through, limit }: { from: string; through: string; limit: number },
): { dates: string[]; next: string | null } {
  const dates: string[] = [];
  let n = indexOnOrAfter(schedule, from);
  let date = occurrenceAt(schedule, n);
  while (date <= through && withinEnd(schedule, date) && dates.length < limit) {
    dates.push(date);
    n += 1;
    date = occurrenceAt(schedule, n);
  }
  return { dates, next: withinEnd(schedule, date) ? date : null };
}
