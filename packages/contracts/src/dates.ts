import { z } from 'zod';

import { MESSAGES } from './messages';
import { EARLIEST_DATE, isCalendarDate } from './rules/dates';

export {
  addYears,
  calendarDayOf,
  dateRangeProblem,
  EARLIEST_DATE,
  FAR_AHEAD_YEARS,
  isCalendarDate,
  isFarAhead,
  latestDate,
  latestTodayOnEarth,
  MAX_YEARS_AHEAD,
  todayInTimeZone,
} from './rules/dates';

/** A calendar day `YYYY-MM-DD`; never a timestamp, so no time zone can shift it. */
export const isoDate = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.dateRequired : MESSAGES.invalidDate) })
  // An empty box is a missing date, not a badly written one: the date picker shows no YYYY-MM-DD to follow.
  .refine((day) => day === '' || isCalendarDate(day), { message: MESSAGES.invalidDate })
  .refine((day) => day !== '', { message: MESSAGES.dateRequired });

/**
 * A calendar day that may be stored: the lower bound needs no clock, so the schema refuses it at once;
 * the upper bound needs "today" and is checked with dateRangeProblem where a clock is (the services, the
 * web forms), with the same message.
 */
export const storedDate = isoDate.refine((day) => day === '' || day >= EARLIEST_DATE, {
  message: MESSAGES.dateOutOfRange,
});
