import { z } from 'zod';

import { MESSAGES } from './messages';
import { EARLIEST_DATE, isCalendarDate } from './rules/dates';

export * from './rules/dates';

/** A calendar day `YYYY-MM-DD`; never a timestamp, so no time zone can shift it. */
export const isoDate = z
  .string({ error: MESSAGES.invalidDate })
  .refine(isCalendarDate, { message: MESSAGES.invalidDate });

/**
 * A calendar day that may be stored: the lower bound needs no clock, so the schema refuses it at once;
 * the upper bound needs "today" and is checked with dateRangeProblem where a clock is (the services, the
 * web forms), with the same message.
 */
export const storedDate = isoDate.refine((day) => day >= EARLIEST_DATE, { message: MESSAGES.dateOutOfRange });
