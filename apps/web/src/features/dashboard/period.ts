import {
  DEFAULT_PERIOD_PRESET,
  isCalendarDate,
  PERIOD_LABELS,
  PERIOD_PRESETS,
  periodProblem,
  presetPeriod,
  type Period,
  type PeriodPreset,
} from '@paisable/contracts/rules';

/** The dashboard's URL: `?period=last-12-months`, or `?period=custom&from=…&to=…`. Nothing: the last 30 days. */
export type DashboardSearch = { period?: PeriodPreset; from?: string; to?: string };

/**
 * Reads the URL as the picker wrote it; a value it could not have written is dropped (the dashboard
 * shows its default), never an error page. Without zod, as every search parser the first script loads.
 */
export function parseDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const period = PERIOD_PRESETS.find((preset) => preset === raw.period);
  if (period !== 'custom') return period && period !== DEFAULT_PERIOD_PRESET ? { period } : {};
  const day = (value: unknown) => (typeof value === 'string' && isCalendarDate(value) ? value : undefined);
  const from = day(raw.from);
  const to = day(raw.to);
  return { period, ...(from && { from }), ...(to && { to }) };
}

export type ShownPeriod = Period & {
  preset: PeriodPreset;
  /**
   * What the dashboard asks the server for: a preset by name (the server resolves it on the user's today,
   * and the page's first script can ask for it before the app knows the day), or the custom days.
   */
  input: { preset: Exclude<PeriodPreset, 'custom'> } | Period;
  /** Words for the charts' subtitles: "last 30 days", "Mar 1, 2025 – Mar 31, 2025". */
  words: string;
};

/**
 * The days the dashboard shows for its URL on `today`. A custom period that is incomplete or refused (start
 * after end, over 50 years) shows the default until it is fixed; the picker says why.
 */
export function shownPeriod(search: DashboardSearch, today: string): ShownPeriod {
  const preset = search.period ?? DEFAULT_PERIOD_PRESET;
  if (preset === 'custom') {
    const { from, to } = search;
    if (from && to && !periodProblem({ from, to })) {
      return { preset, from, to, input: { from, to }, words: `${shortDate(from)} – ${shortDate(to)}` };
    }
    return { ...named(DEFAULT_PERIOD_PRESET, today), preset };
  }
  return named(preset, today);
}

function named(preset: Exclude<PeriodPreset, 'custom'>, today: string): ShownPeriod {
  return { ...presetPeriod(preset, today), preset, input: { preset }, words: wordsOf(preset) };
}

/** The custom period's problem for the picker to say, or null. */
export function customProblem(search: DashboardSearch): string | null {
  if (search.period !== 'custom') return null;
  if (!search.from || !search.to) return 'Pick a start and an end date.';
  return periodProblem({ from: search.from, to: search.to });
}

function wordsOf(preset: Exclude<PeriodPreset, 'custom'>): string {
  return PERIOD_LABELS[preset].toLowerCase();
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function shortDate(day: string): string {
  return dateFormat.format(new Date(`${day}T00:00:00Z`));
}
