import { and, asc, eq, gt, isNotNull, lte } from 'drizzle-orm';

import { todayInTimeZone } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { recurringOccurrences, recurringRules, users, type RecurringRuleRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { insertLedgerRows } from '../transactions/ledger';
import { addDays, dueOccurrences } from './schedule';

/**
 * How many occurrences one statement records: a request records at most this many (the job takes the
 * rest), and the job works through a longer backlog in steps of this size.
 */
export const OCCURRENCES_PER_RUN = 1000;
const RULES_PER_BATCH = 100;
const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Records the rule's occurrences due through `today` (the user's calendar day), each dated on its due
 * date, and advances `nextDueDate`. Exactly once per (rule, date): an occurrence row is claimed with
 * ON CONFLICT DO NOTHING and a transaction is written only for dates this call claimed, so reruns,
 * retries and concurrent workers can never record a date twice. The caller holds the rule's row lock.
 */
export async function generateForRule(
  { db: tx, now }: Pick<AppDeps, 'now'> & { db: Queryable },
  { rule, today }: { rule: RecurringRuleRow; today: string },
): Promise<{ rule: RecurringRuleRow; created: number }> {
  if (rule.nextDueDate === null || rule.nextDueDate > today) return { rule, created: 0 };
  let created = 0;
  const { dates, next } = dueOccurrences(rule, {
    from: rule.nextDueDate,
    through: today,
    limit: OCCURRENCES_PER_RUN,
  });
  if (dates.length > 0) {
    const claimed = await tx
      .insert(recurringOccurrences)
      .values(dates.map((occursOn) => ({ ruleId: rule.id, occursOn })))
      .onConflictDoNothing()
      .returning({ occursOn: recurringOccurrences.occursOn });
    created = claimed.length;
    await insertLedgerRows(
      { db: tx, now },
      {
        userId: rule.userId,
        rows: claimed.map(({ occursOn }) => ({
          accountId: rule.accountId ?? undefined,
          name: rule.name,
          category: rule.category,
          amountCents: rule.amountCents,
          isIncome: rule.isIncome,
          date: occursOn,
          recurringRuleId: rule.id,
        })),
      },
    );
  }
  const [updated] = await tx
    .update(recurringRules)
    .set({ nextDueDate: next })
    .where(eq(recurringRules.id, rule.id))
    .returning();
  return { rule: updated ?? rule, created };
}

/**
 * The job: every rule of every user with an occurrence due by the user's own today. Rules are taken in
 * batches with FOR UPDATE SKIP LOCKED, so several workers share the work instead of queueing on it; a
 * rule that was down for a while (server off) catches up on all its missed dates.
 */
export async function generateDueOccurrences({ db, now: clock }: Pick<AppDeps, 'db' | 'now'>): Promise<{
  created: number;
}> {
  const now = clock();
  // No zone is more than a day ahead of UTC: rules due later than this cannot be due anywhere yet.
  const horizon = addDays(todayInTimeZone('UTC', now), 1);
  let after = NO_ID;
  let created = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ rule: recurringRules, timeZone: users.timeZone })
        .from(recurringRules)
        .innerJoin(users, eq(users.id, recurringRules.userId))
        .where(
          and(
            isNotNull(recurringRules.nextDueDate),
            lte(recurringRules.nextDueDate, horizon),
            gt(recurringRules.id, after),
          ),
        )
        .orderBy(asc(recurringRules.id))
        .limit(RULES_PER_BATCH)
        .for('update', { of: recurringRules, skipLocked: true });
      for (const { rule, timeZone } of rows) {
        created += await catchUp({ db: tx, now: clock }, rule, todayInTimeZone(timeZone, now));
      }
      return rows;
    });
    const last = batch.at(-1);
    if (!last || batch.length < RULES_PER_BATCH) return { created };
    after = last.rule.id;
  }
}

/** Records everything due for one rule, however long its backlog, in bounded steps. */
async function catchUp(
  deps: Pick<AppDeps, 'now'> & { db: Queryable },
  rule: RecurringRuleRow,
  today: string,
): Promise<number> {
  let created = 0;
  let current = rule;
  for (;;) {
    const step = await generateForRule(deps, { rule: current, today });
    created += step.created;
    const next = step.rule.nextDueDate;
    // Done when nothing more is due, or when a step made no progress (never loop forever).
    if (next === null || next > today || next === current.nextDueDate) return created;
    current = step.rule;
  }
}
