/**
 * Report and dashboard periods: a range of calendar days (both ends included), named by a preset that is
 * resolved against the user's today, or written out ("custom"). Pure calendar arithmetic: no clock, no
 * time zone, so a period is exactly the days the user saw.
 */

/** A period longer than this is refused before anything is computed (a typo such as 1025 for 2025). */
export const MAX_PERIOD_YEARS = 50;

export const PERIOD_MESSAGES = {
  fromAfterTo: 'The start of the period cannot be after its end.',
  tooLong: `A period can be at most ${MAX_PERIOD_YEARS} years long.`,
  invalidMonth: 'Month must be written YYYY-MM.',
} as const;

export const PERIOD_PRESETS = [
  'last-30-days',
  'this-month',
  'last-month',
  'last-3-months',
  'last-6-months',
  'last-12-months',
  'this-year',
  'last-year',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The dashboard's default, as the spec's charts: the 30 days ending today. */
export const DEFAULT_PERIOD_PRESET = 'last-30-days' satisfies PeriodPreset;

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  'last-30-days': 'Last 30 days',
  'this-month': 'This month',
  'last-month': 'Last month',
  'last-3-months': 'Last 3 months',
  'last-6-months': 'Last 6 months',
  'last-12-months': 'Last 12 months',
  'this-year': 'This year',
  'last-year': 'Last year',
  custom: 'Custom',
};

export type Period = { from: string; to: string };

/** A calendar day moved by whole days (UTC arithmetic on the calendar alone: no DST can shift it). */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + days)).toISOString().slice(0, 10);
}

/** The first day of the month `months` away from `day`'s month. */
export function monthStartOf(day: string, months = 0): string {
  const [year, month] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The last day of `day`'s month. */
export function monthEndOf(day: string): string {
  return shiftDay(monthStartOf(day, 1), -1);
}

/**
 * The days a preset covers on `today`. "Last N months" are the N calendar months ending with the current
 * one (so far): month totals line up with the months a user budgets in. Custom has no days of its own.
 */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  const year = today.slice(0, 4);
  switch (preset) {
    case 'last-30-days':
      return { from: shiftDay(today, -29), to: today };
    case 'this-month':
      return { from: monthStartOf(today), to: today };
    case 'last-month':
      return { from: monthStartOf(today, -1), to: shiftDay(monthStartOf(today), -1) };
    case 'last-3-months':
      return { from: monthStartOf(today, -2), to: today };
    case 'last-6-months':
      return { from: monthStartOf(today, -5), to: today };
    case 'last-12-months':
      return { from: monthStartOf(today, -11), to: today };
    case 'this-year':
      return { from: `${year}-01-01`, to: today };
    case 'last-year': {
      const last = String(Number(year) - 1).padStart(4, '0');
      return { from: `${last}-01-01`, to: `${last}-12-31` };
    }
  }
}

/** Why a range of (well-formed) days is not a period, or null when it is one. */
export function periodProblem({ from, to }: Period): string | null {
  if (from > to) return PERIOD_MESSAGES.fromAfterTo;
  const limit = `${String(Number(from.slice(0, 4)) + MAX_PERIOD_YEARS).padStart(4, '0')}${from.slice(4)}`;
  if (to >= limit) return PERIOD_MESSAGES.tooLong;
  return null;
}

/** Days from `from` to `to`, both included. */
export function daysBetween({ from, to }: Period): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Up to this many days a chart draws one bar or point per day; a longer period draws one per month
 * (a year of daily bars is a grey smear on a phone, and fifty years of them would be 18,000 points).
 */
export const MAX_DAILY_POINTS = 92;
