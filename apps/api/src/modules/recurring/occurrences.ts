import { and, eq } from 'drizzle-orm';

import {
  RECURRING_MESSAGES,
  todayInTimeZone,
  type Recurring,
  type RecurringOccurrenceInput,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { recurringOccurrences, recurringRules, type RecurringRuleRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { insertLedgerRows } from '../transactions/ledger';
import { firstOccurrenceAfter } from './schedule';
import { notFound, withLastRecorded } from './service';

type Params = RecurringOccurrenceInput & { userId: string; timeZone: string };

/**
 * Skips the rule's next occurrence: it is marked as done without a transaction (the occurrence row is
 * what keeps the generator from ever recording that date), and the rule moves on to the one after.
 */
export async function skipOccurrence(deps: Pick<AppDeps, 'db' | 'now'>, params: Params): Promise<Recurring> {
  return onNextOccurrence(deps, params, async () => {});
}

/**
 * Records the rule's next occurrence at once, dated today (paid early, or the job has not come to it
 * yet), and moves the rule on to the one after: the date it was due is never recorded again.
 */
export async function recordOccurrenceNow(
  deps: Pick<AppDeps, 'db' | 'now'>,
  params: Params,
): Promise<Recurring> {
  const today = todayInTimeZone(params.timeZone, deps.now());
  return onNextOccurrence(deps, params, (tx, rule) =>
    insertLedgerRows(
      { db: tx, now: deps.now },
      {
        userId: rule.userId,
        rows: [
          {
            accountId: rule.accountId ?? undefined,
            name: rule.name,
            category: rule.category,
            amountCents: rule.amountCents,
            isIncome: rule.isIncome,
            date: today,
            recurringRuleId: rule.id,
          },
        ],
      },
    ),
  );
}

/**
 * Under the rule's row lock: refuses unless `date` is still its next occurrence (a second click or another
 * tab finds it done), claims that date, does the action and advances the rule.
 */
async function onNextOccurrence(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id, date }: Params,
  act: (tx: Queryable, rule: RecurringRuleRow) => Promise<unknown>,
): Promise<Recurring> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [rule] = await tx
      .select()
      .from(recurringRules)
      .where(and(eq(recurringRules.id, id), eq(recurringRules.userId, userId)))
      .for('update');
    if (!rule) throw notFound();
    if (rule.nextDueDate !== date) throw new AppError('CONFLICT', RECURRING_MESSAGES.occurrenceGone);
    const claimed = await tx
      .insert(recurringOccurrences)
      .values({ ruleId: rule.id, occursOn: date })
      .onConflictDoNothing()
      .returning({ occursOn: recurringOccurrences.occursOn });
    if (claimed.length > 0) await act(tx, rule);
    const [updated] = await tx
      .update(recurringRules)
      .set({ nextDueDate: firstOccurrenceAfter(rule, date) })
      .where(eq(recurringRules.id, rule.id))
      .returning();
    return withLastRecorded(tx, updated ?? rule);
  });
}
