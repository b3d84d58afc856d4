import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

import {
  categoryKindOf,
  FALLBACK_CATEGORY,
  MESSAGES,
  minorToNumber,
  todayInTimeZone,
  type CreateRecurringInput,
  type DeleteRecurringInput,
  type Recurring,
  type RecurringChanges,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { prepared } from '../../db/prepared';
import { accounts, recurringRules, transactions, users, type RecurringRuleRow } from '../../db/schema';
import { isoTimestamp } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { assertDatesInRange } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { rememberedResults } from '../../lib/remembered';
import { definedOnly, only } from '../../lib/rows';
import { resolveCategory } from '../categories/resolve';
import { minorIn } from '../transactions/amounts';
import { assertOpenAccounts } from '../transactions/ledger';
import { assertWithinCatchUpCap, firstToRecord } from './catch-up';
import { ruleCurrency } from './currency';
import { generateForRule } from './generate';

type RecurringDeps = Pick<AppDeps, 'db' | 'now'>;
type Owned = { userId: string };
type Zoned = Owned & { timeZone: string };
export type CreateRecurringParams = CreateRecurringInput & Zoned;
/** `catchUp: false` records a changed schedule from today on only (default: the past too). */
export type UpdateRecurringParams = Zoned & { id: string; changes: RecurringChanges; catchUp?: boolean };

/**
 * Every rule of the user, remembered until their next write (rules bump the data version since 0041; the
 * rows recorded, the accounts and their currencies did already) and per display currency, which a rule
 * without an account falls back to when the user has no open account.
 */
export async function listRecurring(
  { db }: Pick<AppDeps, 'db'>,
  { userId, currency: display }: Owned & { currency: string },
): Promise<Recurring[]> {
  return rememberedLists(db, { userId, key: display }, async () => {
    const rows = await listQuery(db).execute({ userId });
    return rows.map(({ id, name, category, amountCents, currency, ...rest }) => ({
      id,
      name,
      category,
      amount: minorToNumber(amountCents, currency),
      amountCents,
      currency,
      ...rest,
    }));
  });
}

const rememberedLists = rememberedResults<Recurring[]>({
  name: 'recurring lists',
  sizeOf: (rules) => rules.length + 1,
});

/**
 * Built once and prepared by name: built per call, drizzle assembled the SQL text on every request and
 * PostgreSQL parsed and planned it again each time (the list took ~3× the CPU of a `select 1` for four rows).
 * The timestamps come as the ISO text the answer carries, not as a Date made and formatted again per row.
 */
const listQuery = prepared((db) =>
  db
    .select({
      id: recurringRules.id,
      name: recurringRules.name,
      category: recurringRules.category,
      amountCents: recurringRules.amountCents,
      isIncome: recurringRules.isIncome,
      frequency: recurringRules.frequency,
      startDate: recurringRules.startDate,
      endDate: recurringRules.endDate,
      nextDueDate: recurringRules.nextDueDate,
      accountId: recurringRules.accountId,
      // ruleCurrency's order, in the list's one statement: the rule's account, else the first open
      // account (where a rule without one records), else the display currency.
      currency: sql<string>`coalesce(${accounts.currency},
        (select f.currency from ${accounts} f where f.user_id = ${recurringRules.userId} and not f.closed
          order by f.position, f.created_at limit 1),
        (select u.default_currency from ${users} u where u.id = ${recurringRules.userId}), 'USD')`,
      lastRecordedOn: lastRecordedSql(),
      createdAt: isoTimestamp(recurringRules.createdAt),
      updatedAt: isoTimestamp(recurringRules.updatedAt),
    })
    .from(recurringRules)
    .leftJoin(accounts, eq(accounts.id, recurringRules.accountId))
    .where(eq(recurringRules.userId, sql.placeholder('userId')))
    .orderBy(desc(recurringRules.createdAt), desc(recurringRules.id))
    .prepare('recurring_list'),
);

/**
 * The date of the listed rule's latest live transaction, by the transactions' index on the rule. The rule's
 * id is named with its table: unqualified, inside this subquery it would be the transaction's.
 */
function lastRecordedSql() {
  return sql<string | null>`(select max(${transactions.occurredOn})::text from ${transactions}
    where ${transactions.recurringRuleId} = "recurring_rules"."id" and ${transactions.deletedAt} is null)`;
}

/** A rule as the answer carries it, with its latest recorded date read inside the write's transaction. */
export async function withLastRecorded(tx: Queryable, row: RecurringRuleRow): Promise<Recurring> {
  const [found] = await tx
    .select({ lastRecordedOn: sql<string | null>`max(${transactions.occurredOn})::text` })
    .from(transactions)
    .where(recordedBy(row.userId, row.id));
  const currency = await ruleCurrency(tx, { userId: row.userId, accountId: row.accountId });
  return toRecurring(row, found?.lastRecordedOn ?? null, currency);
}

/**
 * Saves a rule and records at once every occurrence already due (the start date is the first, or today's
 * when the user chose not to catch up), so a rule started in the past shows its transactions
 * immediately; the job does the rest. More past occurrences than the cap refuse the save.
 */
export async function createRecurring(
  { db, now }: RecurringDeps,
  { userId, timeZone, category, catchUp, amount, ...fields }: CreateRecurringParams,
): Promise<Recurring> {
  assertDatesInRange(now, [fields.startDate, fields.endDate]);
  const today = todayInTimeZone(timeZone, now());
  return db.transaction(async (tx) => {
    if (fields.accountId) await assertOpenAccounts(tx, userId, [fields.accountId]);
    // In the minor unit of the account's currency: ¥1,500 is 1500, and 12.50 is refused for yen.
    const amountCents = minorIn(amount, await ruleCurrency(tx, { userId, accountId: fields.accountId }));
    const nextDueDate = await firstToRecord(tx, { schedule: fields, catchUp, today });
    assertWithinCatchUpCap(fields, { from: nextDueDate, today });
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
      .values({ ...fields, amountCents, userId, category: spelling, nextDueDate })
      .returning();
    return withLastRecorded(tx, (await generateForRule({ db: tx, now }, { rule: only(rows), today })).rule);
  });
}

/**
 * Changes a rule; keys that are absent stay as they are. What was already recorded stays recorded: a
 * new schedule continues after the last recorded occurrence (or from its start if none was recorded),
 * and dates already recorded are never recorded twice.
 */
export async function updateRecurring(
  { db, now }: RecurringDeps,
  { userId, timeZone, id, changes, catchUp = true }: UpdateRecurringParams,
): Promise<Recurring> {
  if (!isUuid(id)) throw notFound();
  assertDatesInRange(now, [changes.startDate, changes.endDate]);
  const today = todayInTimeZone(timeZone, now());
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(recurringRules)
      .where(and(eq(recurringRules.id, id), eq(recurringRules.userId, userId)))
      .for('update');
    if (!current) throw notFound();
    if (changes.accountId && changes.accountId !== current.accountId) {
      await assertOpenAccounts(tx, userId, [changes.accountId]);
    }
    const { amount, ...fieldChanges } = changes;
    const next = { ...current, ...definedOnly(fieldChanges) };
    // The amount is read in the currency of the account the rule ends up with.
    if (amount !== undefined)
      next.amountCents = minorIn(amount, await ruleCurrency(tx, { userId, accountId: next.accountId }));
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
    if (scheduleChanged) {
      next.nextDueDate = await firstToRecord(tx, { schedule: next, ruleId: id, catchUp, today });
      assertWithinCatchUpCap(next, { from: next.nextDueDate, today });
    }
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
        accountId: next.accountId,
      })
      .where(eq(recurringRules.id, id))
      .returning();
    return withLastRecorded(tx, (await generateForRule({ db: tx, now }, { rule: only(rows), today })).rule);
  });
}

export type DeleteRecurringParams = Owned & Partial<DeleteRecurringInput> & { id: string };

/**
 * Deletes the rule and its bookkeeping. The transactions it recorded stay, unless the user asked to
 * delete them too: they are then soft-deleted like a bulk delete, and their ids come back so the
 * delete can be undone (transactions.restore).
 */
export async function deleteRecurring(
  { db, now }: RecurringDeps,
  { userId, id, deleteTransactions = false }: DeleteRecurringParams,
): Promise<{ id: string; deletedTransactionIds: string[] }> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    // First, while the transactions still name the rule (deleting it sets their link to null).
    const deleted = deleteTransactions
      ? await tx
          .update(transactions)
          .set({ deletedAt: now() })
          .where(recordedBy(userId, id))
          .returning({ id: transactions.id })
      : [];
    const [row] = await tx
      .delete(recurringRules)
      .where(and(eq(recurringRules.id, id), eq(recurringRules.userId, userId)))
      .returning({ id: recurringRules.id });
    // Throwing inside the transaction rolls the soft deletes back.
    if (!row) throw notFound();
    return { id: row.id, deletedTransactionIds: deleted.map((transaction) => transaction.id) };
  });
}

/** How many of the user's live transactions the rule recorded (what deleting it could take along). */
export async function countRecorded(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id }: Owned & { id: string },
): Promise<{ count: number }> {
  if (!isUuid(id)) throw notFound();
  // From the rule, so that another user's rule is not found (as for every other call on a rule) rather than
  // counting zero: one statement either way.
  const [row] = await db
    .select({ count: count(transactions.id) })
    .from(recurringRules)
    .leftJoin(transactions, recordedBy(userId, id))
    .where(and(eq(recurringRules.id, id), eq(recurringRules.userId, userId)))
    .groupBy(recurringRules.id);
  if (!row) throw notFound();
  return { count: row.count };
}

function recordedBy(userId: string, ruleId: string) {
  return and(
    eq(transactions.userId, userId),
    eq(transactions.recurringRuleId, ruleId),
    isNull(transactions.deletedAt),
  );
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

export function toRecurring(
  row: RecurringRuleRow,
  lastRecordedOn: string | null,
  currency: string,
): Recurring {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    amount: minorToNumber(row.amountCents, currency),
    amountCents: row.amountCents,
    currency,
    isIncome: row.isIncome,
    frequency: row.frequency,
    startDate: row.startDate,
    endDate: row.endDate,
    nextDueDate: row.nextDueDate,
    accountId: row.accountId,
    lastRecordedOn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function notFound() {
  return new AppError('NOT_FOUND', MESSAGES.recurringNotFound);
}
