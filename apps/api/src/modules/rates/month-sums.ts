import { sql } from 'drizzle-orm';

import type { Conversion, Period } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactionCategoryDayTotals } from '../../db/schema';
import type { ConvertedGroup } from './convert';
import { convertTotals } from './service';
import { inCurrency, type ConvertedSum } from './sums';

/*
 * The parts of budgets' and reports' monthly category figures that are in other currencies than the display
 * one, converted as the dashboard converts: each row (a split row's lines by their row's date) at its own
 * day's rate, the nearest earlier rate when the day has none (weekends), none older than RATE_MAX_AGE_DAYS,
 * a typed rate winning (rates/lookup.ts). The rows of one day, category, kind and currency convert as one
 * sum, all the days' rates found in one statement. A row without a rate is left out of its figure and named
 * (never counted at 1). This replaces the rule of migration 0039's comment (each month's sum at its last
 * day's rate), which let a rate typed early in a month convert a whole month and a month-end rate convert
 * spending of weeks before.
 *
 * The sums in the display currency stay read from the category month totals (the mixed sums the callers
 * already have): these rows are taken out of them and added back converted (`mixedInCurrency`). A user whose
 * money is all in the display currency has no such rows, and every figure is the plain sum it always was.
 */

export type ForeignCategoryDay = {
  category: string;
  isIncome: boolean;
  /** The month's first day, as the callers group by it. */
  month: string;
  /** The rows' day and currency, and their sum in its minor units (`group` once converted). */
  group: ConvertedGroup;
};

const c = transactionCategoryDayTotals;

/**
 * The counted rows (not transfers, not off-budget) in other currencies than `display` over the days (which
 * end on or before today), summed per day, category, kind and currency (the category day totals of
 * migration 0040) and converted into `display`.
 * `expensesOnly`, `category` (whatever its case) and `budgetedOnly` (months and categories with a budget)
 * narrow the rows read to those the caller shows.
 */
export async function convertedForeignDays(
  db: Queryable,
  {
    userId,
    display,
    days,
    expensesOnly = false,
    category,
    budgetedOnly = false,
  }: {
    userId: string;
    display: string;
    days: Period;
    expensesOnly?: boolean;
    category?: string;
    budgetedOnly?: boolean;
  },
): Promise<ForeignCategoryDay[]> {
  if (days.from > days.to) return [];
  const rows = await db.execute<{
    category: string;
    is_income: boolean;
    day: string;
    currency: string;
    amount: string;
  }>(sql`
    select ${c.category} as category, ${c.isIncome} as is_income, ${c.occurredOn}::text as day,
      ${c.currency} as currency, ${c.amountCents}::text as amount
    from ${c}
    where ${c.userId} = ${userId} and ${c.currency} <> ${display} and ${c.amountCents} <> 0
      and ${c.occurredOn} between ${days.from}::date and ${days.to}::date
      ${expensesOnly ? sql`and not ${c.isIncome}` : sql``}
      ${category === undefined ? sql`` : sql`and lower(${c.category}) = lower(${category})`}
      ${budgetedOnly ? budgeted : sql``}`);
  if (rows.length === 0) return [];
  const groups = await convertTotals(
    { db },
    {
      userId,
      to: display,
      groups: rows.map((row) => ({ day: row.day, currency: row.currency, amountMinor: BigInt(row.amount) })),
    },
  );
  return rows.map((row, at) => ({
    category: row.category,
    isIncome: row.is_income,
    month: `${row.day.slice(0, 7)}-01`,
    group: groups[at] as ConvertedGroup,
  }));
}

/** Rows of a month and category that have a budget (as the budgets list matches them: the exact name). */
const budgeted = sql`and exists (select 1 from budgets b where b.user_id = ${c.userId}
  and b.category = ${c.category} and b.year = extract(year from ${c.occurredOn})
  and b.month = extract(month from ${c.occurredOn}))`;

/**
 * A sum kept mixed (every currency's minor units added as they are) made right in the display currency
 * from the converted days that are part of it; untouched when there are none.
 */
export function mixedInCurrency(
  mixed: bigint | string,
  foreign: readonly ForeignCategoryDay[],
): ConvertedSum {
  return inCurrency(
    BigInt(mixed),
    foreign.map((sum) => sum.group),
  );
}

/** One note for a figure made of several converted sums (a total of lines): every rate and gap in them. */
export function conversionOf(foreign: readonly ForeignCategoryDay[]): Conversion | undefined {
  return mixedInCurrency(0n, foreign).conversion;
}

/** The converted days grouped by a key (category, month …), for the figures that read them. */
export function groupDays(
  sums: readonly ForeignCategoryDay[],
  keyOf: (sum: ForeignCategoryDay) => string,
): Map<string, ForeignCategoryDay[]> {
  const groups = new Map<string, ForeignCategoryDay[]>();
  for (const sum of sums) {
    const key = keyOf(sum);
    const group = groups.get(key);
    if (group) group.push(sum);
    else groups.set(key, [sum]);
  }
  return groups;
}
