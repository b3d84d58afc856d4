import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';

import {
  categoryKindOf,
  centsToNumber,
  FALLBACK_CATEGORY,
  MESSAGES,
  todayInTimeZone,
  type CreateRecurringInput,
  type Recurring,
  type RecurringChanges,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { recurringOccurrences, recurringRules, type RecurringRuleRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertDatesInRange } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { definedOnly, only } from '../../lib/rows';
import { resolveCategory } from '../categories/resolve';
import { generateForRule } from './generate';
import { firstOccurrenceAfter, firstOccurrenceFrom, type Schedule } from './schedule';

type RecurringDeps = Pick<AppDeps, 'db' | 'now'>;
type Owned = { userId: string };
type Zoned = Owned & { timeZone: string };
export type CreateRecurringParams = CreateRecurringInput & Zoned;
export type UpdateRecurringParams = Zoned & { id: string; changes: RecurringChanges };

export async function listRecurring({ db }: Pick<AppDeps, 'db'>, { userId }: Owned): Promise<Recurring[]> {
  const rows = await db
    .select()
    .from(recurringRules)
    .where(eq(recurringRules.userId, userId))
    .orderBy(desc(recurringRules.createdAt), desc(recurringRules.id));
  return rows.map(toRecurring);
}

/**
 * Saves a rule and records at once every occurrence already due (the start date is the first), so a
 * rule started today or in the past shows its transactions immediately; the job does the rest.
 */
export async function createRecurring(
  { db, now }: RecurringDeps,
  { userId, timeZone, category, ...fields }: CreateRecurringParams,
): Promise<Recurring> {
  assertDatesInRange(now, [fields.startDate, fields.endDate]);
  return db.transaction(async (tx) => {
    const spelling = await resolveCategory(
      { db: tx },
      {
        userId,
        kind: categoryKindOf(fields.isIncome),
        name: category,
      },
    );
    const rows = await tx
      .insert(recurringRules)
      .values({ ...fields, userId, category: spelling, nextDueDate: firstOccurrenceFrom(fields, null) })
      .returning();
    return toRecurring(
      (await generateForRule({ db: tx }, { rule: only(rows), today: todayInTimeZone(timeZone, now()) })).rule,
    );
  });
}

/**
 * Changes a rule; keys that are absent stay as they are. What was already recorded stays recorded: a
 * new schedule continues after the last recorded occurrence (or from its start if none was recorded),
 * and dates already recorded are never recorded twice.
 */
export async function updateRecurring(
  { db, now }: RecurringDeps,
  { userId, timeZone, id, changes }: UpdateRecurringParams,
): Promise<Recurring> {
  if (!isUuid(id)) throw notFound();
  assertDatesInRange(now, [changes.startDate, changes.endDate]);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(recurringRules)
      .where(and(eq(recurringRules.id, id), eq(recurringRules.userId, userId)))
      .for('update');
    if (!current) throw notFound();
    const next = { ...current, ...definedOnly(changes) };
    if (next.endDate !== null && next.endDate < next.startDate) {
      throw new AppError('BAD_REQUEST', MESSAGES.endBeforeStart);
    }
    if (changes.category !== undefined || changes.isIncome !== undefined) {
      next.category = await resolveCategory(
        { db: tx },
        {
          userId,
          kind: categoryKindOf(next.isIncome),
          name: next.category,
        },
      );
    }
    const scheduleChanged =
      next.frequency !== current.frequency ||
      next.startDate !== current.startDate ||
      next.endDate !== current.endDate;
    if (scheduleChanged) next.nextDueDate = await nextAfterRecorded(tx, next);
    const rows = await tx
      .update(recurringRules)
      .set({
        name: next.name,
        category: next.category,
        amountCents: next.amountCents,
        isIncome: next.isIncome,
        frequency: next.frequency,
        startDate: next.startDate,
        endDate: next.endDate,
        nextDueDate: next.nextDueDate,
      })
      .where(eq(recurringRules.id, id))
      .returning();
    return toRecurring(
      (await generateForRule({ db: tx }, { rule: only(rows), today: todayInTimeZone(timeZone, now()) })).rule,
    );
  });
}

/** Deletes the rule and its bookkeeping; the transactions it generated stay. */
export async function deleteRecurring(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id }: Owned & { id: string },
): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .delete(recurringRules)
    .where(and(eq(recurringRules.id, id), eq(recurringRules.userId, userId)))
    .returning({ id: recurringRules.id });
  if (!row) throw notFound();
  return row;
}

/** A deleted custom category's rules move to the fallback category, as its transactions do. */
export async function moveRulesToFallback(
  { db }: { db: Queryable },
  { userId, incomeFlags, name }: Owned & { incomeFlags: boolean[]; name: string },
): Promise<{ isIncome: boolean }[]> {
  return db
    .update(recurringRules)
    .set({ category: FALLBACK_CATEGORY })
    .where(
      and(
        eq(recurringRules.userId, userId),
        inArray(recurringRules.isIncome, incomeFlags),
        sql`lower(${recurringRules.category}) = lower(${name})`,
      ),
    )
    .returning({ isIncome: recurringRules.isIncome });
}

async function nextAfterRecorded(tx: Queryable, schedule: Schedule & { id: string }): Promise<string | null> {
  const [last] = await tx
    .select({ date: max(recurringOccurrences.occursOn) })
    .from(recurringOccurrences)
    .where(eq(recurringOccurrences.ruleId, schedule.id));
  return last?.date ? firstOccurrenceAfter(schedule, last.date) : firstOccurrenceFrom(schedule, null);
}

export function toRecurring(row: RecurringRuleRow): Recurring {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    amount: centsToNumber(row.amountCents),
    amountCents: row.amountCents,
    isIncome: row.isIncome,
    frequency: row.frequency,
    startDate: row.startDate,
    endDate: row.endDate,
    nextDueDate: row.nextDueDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function notFound() {
  return new AppError('NOT_FOUND', MESSAGES.recurringNotFound);
}
