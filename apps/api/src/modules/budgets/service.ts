import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';

import {
  budgetMonthStart,
  centsToNumber,
  duplicateBudgetMessage,
  FALLBACK_CATEGORY,
  MAX_AMOUNT_CENTS,
  MESSAGES,
  minorToNumber,
  monthEndOf,
  subtractCentsTotals,
  toCentsTotal,
  todayInTimeZone,
  type Budget,
  type BudgetFields,
  type CentsTotal,
  type Period,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { prepared } from '../../db/prepared';
import { budgets, transactionCategoryMonthTotals, transactionCategoryRows } from '../../db/schema';
import { isoTimestamp } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/database-errors';
import { assertDatesInRange } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { rememberedResults } from '../../lib/remembered';
import { resolveCategory } from '../categories/resolve';
import {
  convertedForeignDays,
  groupDays,
  mixedInCurrency,
  type ForeignCategoryDay,
} from '../rates/month-sums';
import type { ConvertedSum } from '../rates/sums';
import { EARLIEST_DAY } from '../transactions/foreign-totals';
import { budgetAmountsIn, budgetMinorIn } from './amounts';

/**
 * The user's zone says which day is today: expenses dated later are scheduled, not spent yet. A budget is in
 * the display `currency`: spending in other currencies is converted into it (none given: summed as it is).
 */
type Owned = { userId: string; timeZone?: string; currency?: string };
type WithId = Owned & { id: string };
/** A budget is written in the display currency in force: the one its amount was typed in. */
type Writing = { currency: string };
export type CreateBudgetParams = BudgetFields & Owned & Writing;
export type UpdateBudgetParams = BudgetFields & WithId & Writing;

const todayOf = (now: () => Date, timeZone = 'UTC') => todayInTimeZone(timeZone, now());

/**
 * The user's budgets with what was spent in each: one query for all of them. Spent is the sum of the
 * category's non-deleted expenses dated in the budget's month, read from the monthly totals the write path
 * keeps exact (one row per budget, however many transactions). Transaction dates are calendar days
 * (entered, or "today" taken in the user's time zone), so a month here is exactly the month the user saw.
 */
export async function listBudgets(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, currency }: Owned,
): Promise<Budget[]> {
  const today = todayOf(now, timeZone);
  return rememberedBudgets(db, { userId, key: `budgets ${currency ?? ''} ${today}` }, async () => {
    const [rows, foreign] = await Promise.all([
      allBudgetsQuery(db).execute({ userId, today }),
      foreignSpent(db, { userId, currency, days: { from: EARLIEST_DAY, to: today } }),
    ]);
    const amounts = await amountsIn(db, { userId, currency, today, rows });
    return rows.map((row, at) => toBudget(row, foreign, currency, amounts[at]));
  });
}

/**
 * The expenses in other currencies than the display one over the days (up to today), in the months and
 * categories that have a budget, each day's converted at that day's rate (rates/month-sums.ts), keyed
 * `category|month`; empty without a display currency and for a user whose money is all in it.
 */
async function foreignSpent(
  db: Queryable,
  { userId, currency, days }: { userId: string; currency: string | undefined; days: Period },
): Promise<Map<string, ForeignCategoryDay[]>> {
  if (currency === undefined) return new Map();
  const converted = await convertedForeignDays(db, {
    userId,
    display: currency,
    days,
    expensesOnly: true,
    budgetedOnly: true,
  });
  return groupDays(converted, (sum) => `${sum.category}|${sum.month}`);
}

/**
 * Years of monthly budgets are hundreds of rows, and the budgets page asks for all of them on every visit:
 * remembered until the user's next write to budgets or transactions (lib/remembered.ts). Sized by
 * budgets.
 */
const rememberedBudgets = rememberedResults<Budget[]>({
  name: 'budgets',
  sizeOf: (budgets) => budgets.length + 1,
});

const allBudgetsQuery = prepared((db) =>
  budgetsWithSpent(db, sql.placeholder('today'))
    .where(eq(budgets.userId, sql.placeholder('userId')))
    .orderBy(desc(budgets.year), desc(budgets.month), asc(budgets.category))
    .prepare('budgets_with_spent'),
);

/** One budget with its spent; inside the transaction that just wrote it. */
async function getBudget(
  db: Queryable,
  { userId, id, today, currency }: WithId & { today: string },
): Promise<Budget> {
  const [row] = await budgetsWithSpent(db, today).where(and(eq(budgets.userId, userId), eq(budgets.id, id)));
  if (!row) throw notFound();
  const from = budgetMonthStart(row);
  const end = monthEndOf(from);
  const [foreign, [amount]] = await Promise.all([
    foreignSpent(db, { userId, currency, days: { from, to: end < today ? end : today } }),
    amountsIn(db, { userId, currency, today, rows: [row] }),
  ]);
  return toBudget(row, foreign, currency, amount);
}

/** The budgets' amounts in the display currency (amounts.ts); as stored without one. */
async function amountsIn(
  db: Queryable,
  {
    userId,
    currency,
    today,
    rows,
  }: { userId: string; currency: string | undefined; today: string; rows: readonly BudgetWithSpent[] },
): Promise<ConvertedSum[]> {
  if (currency === undefined) return rows.map((row) => ({ minor: BigInt(row.amountCents) }));
  return budgetAmountsIn(db, { userId, display: currency, today, budgets: rows });
}

/**
 * Budgets joined to their month's counted expense total (no transfers, no off-budget accounts), less the
 * month's expenses dated after today (scheduled: spent when their day comes; few, found by the list's
 * index). The timestamps come as ISO text from PostgreSQL: a user with years of monthly budgets has
 * hundreds, and turning each into a Date and back is most of the work. The total is a sum that can pass
 * 2^53 cents: it is read as decimal text, never a number.
 */
function budgetsWithSpent(db: Queryable, today: SQL | Placeholder | string) {
  const spent = transactionCategoryMonthTotals;
  // Split rows count by their lines (migration 0030's view).
  const t = transactionCategoryRows;
  const monthStart = sql`make_date(${budgets.year}, ${budgets.month}, 1)`;
  const scheduled = sql`coalesce((select sum(${t.amountCents}) from ${t}
    where ${t.userId} = ${budgets.userId} and ${t.category} = ${budgets.category} and ${t.deletedAt} is null
      and ${t.occurredOn} > ${today} and ${t.occurredOn} >= ${monthStart}
      and ${t.occurredOn} < ${monthStart} + interval '1 month'
      and not ${t.isIncome} and ${t.transferId} is null and ${t.onBudget}), 0)`;
  // One totals row per currency of the month (migration 0039): their mixed sum, made right by the caller.
  const monthSpent = sql`coalesce((select sum(${spent.amountCents}) from ${spent}
    where ${spent.userId} = ${budgets.userId} and not ${spent.isIncome} and ${spent.counted}
      and ${spent.category} = ${budgets.category} and ${spent.month} = ${monthStart}), 0)`;
  return db
    .select({
      id: budgets.id,
      category: budgets.category,
      amountCents: budgets.amountCents,
      currency: budgets.currency,
      month: budgets.month,
      year: budgets.year,
      rollover: budgets.rollover,
      spentCents: sql<CentsTotal>`(${monthSpent} - ${scheduled})::text`,
      createdAt: isoTimestamp(budgets.createdAt),
      updatedAt: isoTimestamp(budgets.updatedAt),
    })
    .from(budgets)
    .$dynamic();
}

type BudgetWithSpent = Awaited<ReturnType<ReturnType<typeof budgetsWithSpent>['execute']>>[number];

export async function createBudget(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, currency, category, amount, ...fields }: CreateBudgetParams,
): Promise<Budget> {
  assertDatesInRange(now, [budgetMonthStart(fields)]);
  const amountCents = budgetMinorIn(amount, currency);
  return db.transaction(async (tx) => {
    const spelling = await resolveCategory({ db: tx }, { userId, kind: 'expense', name: category });
    const [row] = await tx
      .insert(budgets)
      .values({ ...fields, amountCents, currency, userId, category: spelling })
      .onConflictDoNothing()
      .returning({ id: budgets.id });
    if (!row) throw duplicate(spelling, fields.month, fields.year);
    return getBudget(tx, { userId, id: row.id, today: todayOf(now, timeZone), currency });
  });
}

/** Replaces a budget's fields; moving it onto a month that already has a budget of that category is a 409. */
export async function updateBudget(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, currency, id, category, amount, ...fields }: UpdateBudgetParams,
): Promise<Budget> {
  if (!isUuid(id)) throw notFound();
  assertDatesInRange(now, [budgetMonthStart(fields)]);
  // The form showed a budget set in another currency converted into the display one, and the user typed
  // (or kept) that figure in the display currency: it is stored as typed, in that currency, so what they
  // read after saving is what they saved, and no rate is applied to it twice.
  const amountCents = budgetMinorIn(amount, currency);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: budgets.id })
      .from(budgets)
      .where(and(eq(budgets.id, id), eq(budgets.userId, userId)))
      .for('update');
    if (!current) throw notFound();
    const spelling = await resolveCategory({ db: tx }, { userId, kind: 'expense', name: category });
    const [clash] = await tx
      .select({ id: budgets.id })
      .from(budgets)
      .where(
        and(
          eq(budgets.userId, userId),
          eq(budgets.category, spelling),
          eq(budgets.year, fields.year),
          eq(budgets.month, fields.month),
        ),
      );
    if (clash && clash.id !== id) throw duplicate(spelling, fields.month, fields.year);
    try {
      await tx
        .update(budgets)
        .set({ ...fields, amountCents, currency, category: spelling })
        .where(eq(budgets.id, id));
    } catch (error) {
      // Two edits racing onto the same month: the unique index decides, and the loser hears why.
      if (isUniqueViolation(error)) throw duplicate(spelling, fields.month, fields.year);
      throw error;
    }
    return getBudget(tx, { userId, id, today: todayOf(now, timeZone), currency });
  });
}

export async function deleteBudget(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id }: WithId,
): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .delete(budgets)
    .where(and(eq(budgets.id, id), eq(budgets.userId, userId)))
    .returning({ id: budgets.id });
  if (!row) throw notFound();
  return row;
}

/**
 * When a custom expense category is deleted its expenses move to the fallback category, so its budgets
 * follow them there. Where the fallback already has a budget for that month, the two limits are added:
 * the moved spending and the moved allowance stay together. Two budgets set in different currencies cannot
 * be added without a rate: the fallback's budget stays as it is then (its currency says what it means).
 */
export async function moveBudgetsToFallback(
  { db }: { db: Queryable },
  { userId, name }: Owned & { name: string },
) {
  const moving = and(eq(budgets.userId, userId), sql`lower(${budgets.category}) = lower(${name})`);
  await db.execute(sql`
    insert into ${budgets} (user_id, category, amount_cents, currency, month, year)
    select user_id, ${FALLBACK_CATEGORY}, amount_cents, currency, month, year from ${budgets} where ${moving}
    on conflict (user_id, category, year, month) do update
      set amount_cents = least(${budgets.amountCents} + excluded.amount_cents, ${MAX_AMOUNT_CENTS}),
          updated_at = now()
      where ${budgets.currency} = excluded.currency`);
  await db.delete(budgets).where(moving);
}

/**
 * A row as the contract has it, its spent made right in the display currency from `foreign` (by month) and
 * its amount in it (`amount`, from amounts.ts).
 */
function toBudget(
  row: BudgetWithSpent,
  foreign: ReadonlyMap<string, ForeignCategoryDay[]>,
  currency: string | undefined,
  amount: ConvertedSum | undefined,
): Budget {
  const amountCents = amount ? Number(amount.minor) : row.amountCents;
  const foreignDays = foreign.get(`${row.category}|${budgetMonthStart(row)}`);
  const spent = foreignDays ? mixedInCurrency(row.spentCents, foreignDays) : undefined;
  const spentCents = spent ? toCentsTotal(spent.minor) : row.spentCents;
  return {
    id: row.id,
    category: row.category,
    amount: currency ? minorToNumber(amountCents, currency) : centsToNumber(amountCents),
    amountCents,
    month: row.month,
    year: row.year,
    rollover: row.rollover,
    setIn: row.currency,
    spentCents,
    remainingCents: subtractCentsTotals(toCentsTotal(amountCents), spentCents),
    ...(spent?.conversion ? { spentConversion: spent.conversion } : {}),
    ...(amount?.conversion ? { amountConversion: amount.conversion } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function duplicate(category: string, month: number, year: number) {
  return new AppError('CONFLICT', duplicateBudgetMessage(category, month, year));
}

function notFound() {
  return new AppError('NOT_FOUND', MESSAGES.budgetNotFound);
}
