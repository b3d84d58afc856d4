import {
  CHART_WINDOW_DAYS,
  daysBetween,
  MAX_DAILY_POINTS,
  monthStartOf,
  presetPeriod,
  type CentsTotal,
  type DashboardPeriod,
  type DayTotal,
  type Period,
} from '@paisable/contracts';

/** A calendar day moved by whole days, on the calendar alone (no clock, no time zone, no DST). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const moved = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + days));
  return moved.toISOString().slice(0, 10);
}

/** The 30 calendar days ending today (both ends included). */
export function chartWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, 1 - CHART_WINDOW_DAYS), to: today };
}

/** The days a dashboard period names on the user's today. */
export function resolvePeriod(period: DashboardPeriod, today: string): Period {
  return 'preset' in period ? presetPeriod(period.preset, today) : period;
}

/** A long period is drawn per month: a day per bar stops being readable (and drawable) past a quarter. */
export function bucketOf(period: Period): 'day' | 'month' {
  return daysBetween(period) <= MAX_DAILY_POINTS ? 'day' : 'month';
}

/**
 * The days a period's charts show: from its start to its end or today, whichever comes first (later rows
 * are scheduled, counted from their day). Undefined when the whole period is still to come.
 */
export function shownDays(period: Period, today: string): Period | undefined {
  const to = period.to < today ? period.to : today;
  return to < period.from ? undefined : { from: period.from, to };
}

/** Every day of the window, oldest first, with the day's cents from `centsByDay` or zero. */
export function dailySeries(
  window: { from: string; to: string },
  centsByDay: Map<string, CentsTotal>,
): DayTotal[] {
  return daysOf(window).map((day) => ({ date: day, totalCents: centsByDay.get(day) ?? '0' }));
}

/** Every month touched by the window (dated by its first day), oldest first, zero when `centsByMonth` has none. */
export function monthlySeries(window: Period, centsByMonth: Map<string, CentsTotal>): DayTotal[] {
  const series: DayTotal[] = [];
  const last = monthStartOf(window.to);
  for (let month = monthStartOf(window.from); month <= last; month = monthStartOf(month, 1)) {
    series.push({ date: month, totalCents: centsByMonth.get(month) ?? '0' });
  }
  return series;
}

/**
 * The window's days, oldest first. Every request of a day asks for the same window (twice per charts
 * answer), so the last one is kept: one Date per day per request was a tenth of the charts' CPU.
 */
let lastWindow: { from: string; to: string; days: readonly string[] } | undefined;

function daysOf({ from, to }: { from: string; to: string }): readonly string[] {
  if (lastWindow?.from === from && lastWindow.to === to) return lastWindow.days;
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  lastWindow = { from, to, days };
  return days;
}
