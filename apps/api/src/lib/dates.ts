import { dateRangeProblem, latestTodayOnEarth } from '@paisable/contracts';

import { AppError } from './errors';

/**
 * Refuses a day outside 1970-01-01 … today + 10 years (the contracts' one date rule) before anything is
 * written; "today" comes from the injected clock. Every service that stores a date calls it.
 */
export function assertDatesInRange(now: () => Date, days: readonly (string | null | undefined)[]): void {
  const problem = dateRangeProblem(days, latestTodayOnEarth(now()));
  if (problem) throw new AppError('BAD_REQUEST', problem);
}
