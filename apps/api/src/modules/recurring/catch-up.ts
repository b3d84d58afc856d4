import { and, eq, max } from 'drizzle-orm';

import {
  MESSAGES,
  RECURRING_CATCH_UP_MAX,
  RECURRING_MESSAGES,
  todayInTimeZone,
  type CatchUpPreview,
  type CatchUpPreviewInput,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { recurringOccurrences, recurringRules } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { dueOccurrences, firstOccurrenceAfter, firstOccurrenceFrom, type Schedule } from './schedule';

/**
 * Where a saved rule starts recording. With catch-up, from its start (or, for an edited rule, the first
 * date after the last one recorded): the past occurrences are recorded at once. Without, from today: the
 * start date stays the schedule's anchor, but nothing before today is recorded.
 */
export async function firstToRecord(
  tx: Queryable,
  {
    schedule,
    ruleId,
    catchUp,
    today,
  }: { schedule: Schedule; ruleId?: string; catchUp: boolean; today: string },
): Promise<string | null> {
  if (!catchUp) return firstOccurrenceFrom(schedule, today);
  if (!ruleId) return firstOccurrenceFrom(schedule, null);
  const [last] = await tx
    .select({ date: max(recurringOccurrences.occursOn) })
    .from(recurringOccurrences)
    .where(eq(recurringOccurrences.ruleId, ruleId));
  return last?.date ? firstOccurrenceAfter(schedule, last.date) : firstOccurrenceFrom(schedule, null);
}

/** The past (and today's) occurrences a save would record, counted up to one past the cap. */
export function pastOccurrences(schedule: Schedule, { from, today }: { from: string | null; today: string }) {
  if (from === null) return [];
  return dueOccurrences(schedule, { from, through: today, limit: RECURRING_CATCH_UP_MAX + 1 }).dates;
}

/** Refuses a save that would record more past occurrences than the cap: nothing is saved. */
export function assertWithinCatchUpCap(schedule: Schedule, range: { from: string | null; today: string }) {
  if (pastOccurrences(schedule, range).length > RECURRING_CATCH_UP_MAX) {
    throw new AppError('BAD_REQUEST', RECURRING_MESSAGES.tooManyPast);
  }
}

/** What saving this schedule would record at once, for the form to say before the user saves. */
export async function previewCatchUp(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, id, ...schedule }: CatchUpPreviewInput & { userId: string; timeZone: string },
): Promise<CatchUpPreview> {
  if (id !== undefined) {
    const [owned] = isUuid(id)
      ? await db
          .select({ id: recurringRules.id })
          .from(recurringRules)
          .where(and(eq(recurringRules.id, id), eq(recurringRules.userId, userId)))
      : [];
    if (!owned) throw new AppError('NOT_FOUND', MESSAGES.recurringNotFound);
  }
  const today = todayInTimeZone(timeZone, now());
  const from = await firstToRecord(db, { schedule, ruleId: id, catchUp: true, today });
  const dates = pastOccurrences(schedule, { from, today });
  return {
    count: dates.length,
    first: dates[0] ?? null,
    last: dates.at(-1) ?? null,
    tooMany: dates.length > RECURRING_CATCH_UP_MAX,
  };
}
