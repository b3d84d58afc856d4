import { formatDate } from '~/lib/format';
import type { Theme } from '~/lib/theme';

import { findCurrency, findIsoCurrency } from '@paisable/contracts/rules';

/** Income is green and expenses red everywhere on the dashboard, in both themes. */
export const INCOME_COLOR = '#16a34a';
export const EXPENSE_COLOR = '#dc2626';

/** Distinct slice colours that read on white and on slate-900 alike. */
export const CATEGORY_COLORS = [
  '#6366f1',
  '#f59e0b',
  '#10b981',
  '#ec4899',
  '#0ea5e9',
  '#f97316',
  '#8b5cf6',
  '#14b8a6',
  '#ef4444',
  '#84cc16',
];

/**
 * Axis text, grid lines and legends in the page's colours: 12 px slate-700 on white and slate-300 on
 * slate-900 (both above 4.5:1), so tick labels read in either theme; grid lines stay faint.
 */
export function chartTheme(theme: Theme) {
  const dark = theme === 'dark';
  const text = dark ? '#cbd5e1' : '#334155';
  return {
    text: { fill: text, fontSize: 12 },
    axis: {
      ticks: { text: { fill: text, fontSize: 12 }, line: { stroke: 'transparent' } },
      domain: { line: { stroke: 'transparent' } },
    },
    grid: { line: { stroke: dark ? '#1e293b' : '#e2e8f0', strokeWidth: 1 } },
    legends: { text: { fill: text, fontSize: 12 } },
  };
}

const axisFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Short axis labels in the chart's currency (the display one, or an account's own): `$1.2K` from a
 * thousand up, whole amounts as `$200` and decimals only where a tick needs them (`$0.30`, `BHD 0.005`:
 * as many as the currency has, at least two).
 */
export function formatMoneyCompact(amount: number, currencyCode: string): string {
  const iso = findIsoCurrency(currencyCode);
  const code = iso ? iso.code : findCurrency(currencyCode).code;
  const digits = iso?.minorUnit ?? 2;
  const style = Math.abs(amount) >= 1000 ? 'compact' : Number.isInteger(amount) ? 'whole' : 'cents';
  const key = `${code} ${style}`;
  let formatter = axisFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      ...(style === 'compact'
        ? { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }
        : {
            maximumFractionDigits: style === 'whole' ? 0 : Math.max(2, digits),
            minimumFractionDigits: style === 'whole' ? 0 : Math.min(2, digits),
          }),
    });
    axisFormatters.set(key, formatter);
  }
  return formatter.format(amount);
}

/** `Mar 9` for an axis tick. */
export function shortDay(isoDate: string): string {
  return formatDate(isoDate, { month: 'short', day: 'numeric' });
}

/** `Sun, Mar 9, 2025` for a tooltip. */
export function longDay(isoDate: string): string {
  return formatDate(isoDate, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
}

/** Every 7th day, counted back from the last, so the axis of 30 days stays readable on a phone. */
export function weeklyTicks(dates: string[]): string[] {
  return dates.filter((_, index) => (dates.length - 1 - index) % 7 === 0);
}

/** A point of a series is a day or a month (dated by its first day): the words its labels use. */
export type Bucket = 'day' | 'month';

/** `Mar 9`, or `Mar 25` for a month, for an axis tick. */
export function shortBucket(isoDate: string, bucket: Bucket): string {
  return bucket === 'day' ? shortDay(isoDate) : formatDate(isoDate, { month: 'short', year: '2-digit' });
}

/** `Sun, Mar 9, 2025`, or `March 2025` for a month, for a tooltip. */
export function longBucket(isoDate: string, bucket: Bucket): string {
  return bucket === 'day' ? longDay(isoDate) : formatDate(isoDate, { month: 'long', year: 'numeric' });
}

/**
 * Axis ticks that stay readable on a phone: every 7th day up to a month of days (today always labelled),
 * else at most four, evenly spaced and counted back from the last (six "May 24" labels overlap on a phone).
 */
export function axisTicks(dates: string[]): string[] {
  if (dates.length <= 31) return weeklyTicks(dates);
  const step = Math.ceil(dates.length / 4);
  return dates.filter((_, index) => (dates.length - 1 - index) % step === 0);
}

/** The category ring's shape, one for the dashboard's and the Reports page's (nivo pie props). */
export const RING_SHAPE = {
  margin: { top: 8, right: 8, bottom: 8, left: 8 },
  innerRadius: 0.6,
  padAngle: 1,
  cornerRadius: 3,
  activeOuterRadiusOffset: 6,
  enableArcLinkLabels: false,
  enableArcLabels: false,
} as const;

/** The money axis at the left of every bar and line chart: four ticks, in compact money. */
export const moneyAxis = (currency: string) => ({
  tickValues: 4,
  format: (value: number) => formatMoneyCompact(value, currency),
});
