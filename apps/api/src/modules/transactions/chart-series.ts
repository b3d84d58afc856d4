import { CHART_WINDOW_DAYS, type CentsTotal, type DayTotal } from '@paisable/contracts';

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

/** Every day of the window, oldest first, with the day's cents from `centsByDay` or zero. */
export function dailySeries(
  window: { from: string; to: string },
  centsByDay: Map<string, CentsTotal>,
): DayTotal[] {
  return daysOf(window).map((day) => ({ date: day, totalCents: centsByDay.get(day) ?? '0' }));
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
