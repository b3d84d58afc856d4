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

/** A monthly occurrence after `isoDate`: the same day a month later, or that month's last day. */
export function aMonthAfter(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay))).toISOString().slice(0, 10);
}
