/** A calendar day `days` from today in the browser's zone (the zone the user signed up with). */
export function dayFromToday(days: number): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + days));
  return day.toISOString().slice(0, 10);
}

/** How the app shows a calendar day: "Mar 10, 2025". */
export function shown(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The month `offset` months from this one, as the budget month names it: "March 2025". */
export function monthName(offset: number): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getFullYear(), now.getMonth() + offset, 1));
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** The first day of last month, as the date box takes it. */
export function firstOfLastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1)).toISOString().slice(0, 10);
}

/**
 * A monthly rule's occurrence `months` after its start: the start's day of that month, or the month's
 * last day when it is shorter (a rule started on the 31st falls on Feb 28, then on Mar 31).
 */
export function monthsAfter(start: string, months: number): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  // Date.UTC counts months from 0: `month - 1 + months` is the target month, day 0 of the next its last.
  const lastDay = new Date(Date.UTC(year, month + months, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}
