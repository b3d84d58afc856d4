import { z } from 'zod';

import { isoDate } from './dates';
import { PERIOD_PRESETS, periodProblem, type Period, type PeriodPreset } from './rules/periods';

export {
  daysBetween,
  DEFAULT_PERIOD_PRESET,
  MAX_DAILY_POINTS,
  MAX_PERIOD_YEARS,
  monthEndOf,
  monthStartOf,
  type Period,
  PERIOD_LABELS,
  PERIOD_MESSAGES,
  PERIOD_PRESETS,
  type PeriodPreset,
  periodProblem,
  presetPeriod,
  shiftDay,
} from './rules/periods';

/**
 * A range of calendar days, both ends included: well-formed days, the start not after the end, at most
 * 50 years. Refused as a whole before anything is computed.
 */
export const periodInput = z.object({ from: isoDate, to: isoDate }).superRefine((period, ctx) => {
  const problem = periodProblem(period);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
});

const namedPresets = PERIOD_PRESETS.filter(
  (preset): preset is Exclude<PeriodPreset, 'custom'> => preset !== 'custom',
);

/**
 * A preset the server resolves against the user's today (in their time zone): the page's first script
 * can ask for "last 30 days" before it knows which day that is.
 */
export const periodPresetInput = z.object({
  preset: z.enum(namedPresets as [Exclude<PeriodPreset, 'custom'>, ...Exclude<PeriodPreset, 'custom'>[]]),
});

/** The dashboard's summary and charts: a period, or none for the original answers (all-time, last 30 days). */
export const dashboardPeriodInput = z.union([periodPresetInput, periodInput]).optional();
export type DashboardPeriod = Period | { preset: Exclude<PeriodPreset, 'custom'> };
