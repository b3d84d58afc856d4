import { centsToNumber, CHART_WINDOW_DAYS, type DayTotal } from '@paisable/contracts';

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
  centsByDay: Map<string, number>,
): DayTotal[] {
  const series: DayTotal[] = [];
  for (let day = window.from; day <= window.to; day = addDays(day, 1)) {
    const totalCents = centsByDay.get(day) ?? 0;
    series.push({ date: day, total: centsToNumber(totalCents), totalCents });
  }
  return series;
}
