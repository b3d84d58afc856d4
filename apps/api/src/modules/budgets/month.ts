import { and, eq, sql } from 'drizzle-orm';

import {
  addCentsTotals,
  budgetMonthStart,
  monthEndOf,
  subtractCentsTotals,
  toCentsTotal,
  todayInTimeZone,
  type Budget,
  type BudgetMonth,
  type BudgetMonthInput,
  type CentsTotal,
  type Conversion,
} from '@paisable/contracts';

import { prepared } from '../../db/prepared';
import { budgets, transactionCategoryMonthTotals, transactionCategoryRows } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertDatesInRange } from '../../lib/dates';
import { rememberedResults } from '../../lib/remembered';
import {
  convertedForeignDays,
  groupDays,
  mixedInCurrency,
  type ForeignCategoryDay,
} from '../rates/month-sums';
import { mergeConversions } from '../rates/sums';
import { listBudgets } from './service';

/** `currency`: the display currency budgets are in; spending in others is converted (none: summed as is). */
export type BudgetMonthParams = BudgetMonthInput & { userId: string; timeZone?: string; currency?: string };

/**
 * The budget month: each of the month's budgets with its amount, what last month's budget of the category
 * carried in (when that one rolls over), what was spent and what is left; the month's income; and the
 * spending in categories without a budget. The budgets and their spent come from the remembered budgets
 * list (every month's, which the carries need); the month's per-category sums from its month totals, less
 * the rows dated after today (scheduled). In the display currency: the month's rows in other currencies are
 * converted each at its own day's rate (rates/month-sums.ts), and every converted figure says how.
 */
export async function getBudgetMonth(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone = 'UTC', currency, month, year }: BudgetMonthParams,
): Promise<BudgetMonth> {
  const today = todayInTimeZone(timeZone, now());
  const start = budgetMonthStart({ month, year });
  const key = `${year}-${month} ${currency ?? ''} ${today}`;
  return rememberedMonths(db, { userId, key }, async () => {
    const end = monthEndOf(start);
    const days = { from: start, to: end < today ? end : today };
    const [all, sums, foreign] = await Promise.all([
      listBudgets({ db, now }, { userId, timeZone, ...(currency ? { currency } : {}) }),
      monthSumsQuery(db).execute({ userId, month: start, today }),
      currency === undefined ? [] : convertedForeignDays(db, { userId, display: currency, days }),
    ]);
    const view = monthOf({ month, year }, all, inDisplay(sums, foreign));
    // The currency is said beside converted figures; a single-currency user's month is the answer it was.
    return currency === undefined || !view.conversions ? view : { ...view, currency };
  });
}

type MonthSum = { category: string; isIncome: boolean; cents: CentsTotal; conversion?: Conversion };

/** The month's mixed sums per category and kind made right in the display currency, each with its note. */
function inDisplay(
  sums: readonly { category: string; isIncome: boolean; cents: CentsTotal }[],
  converted: readonly ForeignCategoryDay[],
): MonthSum[] {
  const byKey = groupDays(converted, (sum) => `${sum.category}|${sum.isIncome}`);
  return sums.map((row) => {
    const foreign = byKey.get(`${row.category}|${row.isIncome}`);
    if (!foreign) return row;
    const made = mixedInCurrency(row.cents, foreign);
    return {
      ...row,
      cents: toCentsTotal(made.minor),
      ...(made.conversion ? { conversion: made.conversion } : {}),
    };
  });
}

/**
 * The budgets page asks for its month on every visit: remembered per month and day until the user's next
 * write (lib/remembered.ts), a hit costing one primary-key read of the version. Sized by lines.
 */
const rememberedMonths = rememberedResults<BudgetMonth>({
  name: 'budget months',
  sizeOf: (result) => result.budgets.length + result.unbudgeted.length + 1,
});

function monthOf({ month, year }: BudgetMonthInput, all: Budget[], sums: MonthSum[]): BudgetMonth {
  const carried = carriesInto(all, { month, year });
  const carriedNotes = carriedConversions(all, { month, year });
  const lines = all
    .filter((budget) => budget.month === month && budget.year === year)
    .map((budget) => {
      const carriedCents = carried.get(budget.category) ?? '0';
      const budgetedCents = toCentsTotal(budget.amountCents);
      return {
        id: budget.id,
        category: budget.category,
        rollover: budget.rollover,
        budgetedCents,
        carriedCents,
        spentCents: budget.spentCents,
        leftCents: subtractCentsTotals(addCentsTotals(budgetedCents, carriedCents), budget.spentCents),
        ...(budget.amountConversion ? { budgetedConversion: budget.amountConversion } : {}),
        ...(budget.spentConversion ? { spentConversion: budget.spentConversion } : {}),
        ...(carriedNotes.get(budget.category)
          ? { carriedConversion: carriedNotes.get(budget.category) }
          : {}),
      };
    })
    .sort((a, b) => a.category.localeCompare(b.category));
  const budgeted = new Set(lines.map((line) => line.category));
  // Spending whose every amount lacked a rate stays as a line marked "rate missing", not hidden as nothing.
  const unbudgeted = sums
    .filter(
      (row) =>
        !row.isIncome &&
        !budgeted.has(row.category) &&
        (row.cents !== '0' || (row.conversion?.missing.length ?? 0) > 0),
    )
    .map((row) => ({
      category: row.category,
      spentCents: row.cents,
      ...(row.conversion ? { conversion: row.conversion } : {}),
    }))
    .sort((a, b) => compareDesc(a.spentCents, b.spentCents) || a.category.localeCompare(b.category));
  const sum = (values: CentsTotal[]) =>
    values.reduce<CentsTotal>((total, v) => addCentsTotals(total, v), '0');
  const budgetedNote = mergeConversions(lines.map((line) => line.budgetedConversion));
  const spent = mergeConversions(lines.map((line) => line.spentConversion));
  const carriedNote = mergeConversions(lines.map((line) => line.carriedConversion));
  const conversions = {
    budgeted: budgetedNote,
    available: mergeConversions([budgetedNote, carriedNote]),
    spent,
    carried: carriedNote,
    left: mergeConversions([budgetedNote, spent, carriedNote]),
    unbudgeted: mergeConversions(unbudgeted.map((line) => line.conversion)),
    income: mergeConversions(sums.filter((row) => row.isIncome).map((row) => row.conversion)),
  };
  const notes = Object.fromEntries(Object.entries(conversions).filter(([, note]) => note !== undefined));
  return {
    month,
    year,
    budgets: lines,
    unbudgeted,
    totals: {
      budgetedCents: sum(lines.map((line) => line.budgetedCents)),
      carriedCents: sum(lines.map((line) => line.carriedCents)),
      spentCents: sum(lines.map((line) => line.spentCents)),
      leftCents: sum(lines.map((line) => line.leftCents)),
      unbudgetedCents: sum(unbudgeted.map((line) => line.spentCents)),
      incomeCents: sum(sums.filter((row) => row.isIncome).map((row) => row.cents)),
    },
    ...(Object.keys(notes).length > 0 ? { conversions: notes } : {}),
  };
}

/**
 * How each category's carry was converted: the notes of the amounts and spent of the months it comes from
 * (the same unbroken chain of rolling-over budgets as `carriesInto`). Each month's amount is in the display
 * currency already (converted at its own month's rate when set in another), so a chain crossing a switch of
 * display currency adds figures of one currency.
 */
function carriedConversions(all: readonly Budget[], { month, year }: BudgetMonthInput) {
  const byMonth = new Map(
    all.map((budget) => [`${budget.category}|${budget.year * 12 + budget.month - 1}`, budget]),
  );
  const target = year * 12 + month - 1;
  const notes = new Map<string, Conversion>();
  for (const budget of all) {
    if (budget.year * 12 + budget.month - 1 !== target) continue;
    const chain: (Conversion | undefined)[] = [];
    for (let index = target - 1; byMonth.get(`${budget.category}|${index}`)?.rollover; index--) {
      const previous = byMonth.get(`${budget.category}|${index}`);
      chain.push(previous?.amountConversion, previous?.spentConversion);
    }
    const note = mergeConversions(chain);
    if (note) notes.set(budget.category, note);
  }
  return notes;
}

/**
 * What each category's budget of the month receives from the month before: that month's left-over (its
 * amount, plus its own carry, less its spent) when its budget rolls over; nothing when it does not or when
 * there is no budget that month. Chains run back over consecutive months, oldest first.
 */
export function carriesInto(
  all: readonly Budget[],
  { month, year }: BudgetMonthInput,
): Map<string, CentsTotal> {
  const byMonth = new Map(
    all.map((budget) => [`${budget.category}|${budget.year * 12 + budget.month - 1}`, budget]),
  );
  const target = year * 12 + month - 1;
  const carries = new Map<string, CentsTotal>();
  for (const budget of all) {
    if (budget.year * 12 + budget.month - 1 !== target) continue;
    // Back to the first month of the unbroken chain of rolling-over budgets before this one.
    let first = target;
    while (byMonth.get(`${budget.category}|${first - 1}`)?.rollover) first--;
    let carry: CentsTotal = '0';
    for (let index = first; index < target; index++) {
      const previous = byMonth.get(`${budget.category}|${index}`);
      if (!previous) break;
      carry = subtractCentsTotals(
        addCentsTotals(toCentsTotal(previous.amountCents), carry),
        previous.spentCents,
      );
    }
    carries.set(budget.category, carry);
  }
  return carries;
}

function compareDesc(a: CentsTotal, b: CentsTotal): number {
  const difference = BigInt(b) - BigInt(a);
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

/**
 * The month's counted income and expenses per category (not transfers, not off-budget accounts): its month
 * totals, less its counted rows dated after today, which are few and found by the list's date index.
 */
const monthSumsQuery = prepared((db) => {
  const m = transactionCategoryMonthTotals;
  // Split rows count by their lines (migration 0030's view).
  const t = transactionCategoryRows;
  const parts = sql`
    select ${m.category} as category, ${m.isIncome} as is_income, ${m.amountCents} as cents
    from ${m}
    where ${m.userId} = ${sql.placeholder('userId')} and ${m.counted} and ${m.month} = ${sql.placeholder('month')}
    union all
    select ${t.category}, ${t.isIncome}, -${t.amountCents} from ${t}
    where ${t.userId} = ${sql.placeholder('userId')} and ${t.deletedAt} is null
      and ${t.occurredOn} > ${sql.placeholder('today')}
      and ${t.occurredOn} >= ${sql.placeholder('month')}::date
      and ${t.occurredOn} < ${sql.placeholder('month')}::date + interval '1 month'
      and ${t.transferId} is null and ${t.onBudget}`;
  return db
    .select({
      category: sql<string>`category`,
      isIncome: sql<boolean>`is_income`,
      cents: sql<CentsTotal>`sum(cents)::text`,
    })
    .from(sql`(${parts}) as sums`)
    .groupBy(sql`category`, sql`is_income`)
    .prepare('budget_month_sums');
});

/**
 * "Copy last month's budgets": every budget of the month before (amount, currency and rollover) into this
 * month, except categories that already have one here, which keep theirs. Safe to repeat: a second copy
 * finds every category taken and copies nothing.
 *
 * A budget is copied in its own currency, not converted: ¥10,000 set aside last month is ¥10,000 this
 * month, the same money, shown in the display currency at this month's rate like any budget. Converting at
 * copy time would freeze one day's rate into the amount and turn a round ¥10,000 into $66.67 that drifts
 * from ¥10,000 as rates move.
 */
export async function copyPreviousMonthBudgets(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, month, year }: BudgetMonthParams,
): Promise<{ copied: number }> {
  assertDatesInRange(now, [budgetMonthStart({ month, year })]);
  const previous = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
  const rows = await db.execute<{ id: string }>(sql`
    insert into ${budgets} (user_id, category, amount_cents, currency, month, year, rollover)
    select user_id, category, amount_cents, currency, ${month}, ${year}, rollover from ${budgets}
    where ${and(eq(budgets.userId, userId), eq(budgets.month, previous.month), eq(budgets.year, previous.year))}
    on conflict (user_id, category, year, month) do nothing
    returning id`);
  return { copied: rows.length };
}
