import { sql } from 'drizzle-orm';

import { monthEndOf, type Conversion, type Period } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactionCategoryMonthTotals, transactionCategoryRows } from '../../db/schema';
import { splitByMonths } from '../transactions/period-totals';
import { convertAmounts, type ConvertedGroup } from './convert';
import { findRates } from './lookup';
import { inCurrency, type ConvertedSum } from './sums';

/*
 * Category sums of other currencies than the display one, per month, converted at one rate per month and
 * currency (migration 0039 says why): the rate in force on the month's last day inside the range read (the
 * nearest earlier rate when that day has none; never after today). Budgets and reports read these. A user whose money is all in the display currency has none, and every
 * figure is the plain sum it always was.
 */

export type ForeignCategoryMonth = {
  category: string;
  isIncome: boolean;
  /** The month's first day. */
  month: string;
  currency: string;
  amountMinor: bigint;
};

export type ConvertedCategoryMonth = ForeignCategoryMonth & { group: ConvertedGroup };

const m = transactionCategoryMonthTotals;
const c = transactionCategoryRows;

/**
 * The counted sums (not transfers, not off-budget) in other currencies than `display` over the days
 * (which end on or before today), per category, kind, month and currency: whole months from the category
 * month totals, the partial months at the edges from the rows (split rows by their lines).
 */
export async function foreignCategoryMonths(
  db: Queryable,
  { userId, display, days }: { userId: string; display: string; days: Period },
): Promise<ForeignCategoryMonth[]> {
  const { monthsFrom, monthsTo, headFrom, headTo, tailFrom, tailTo } = splitByMonths(days);
  const rows = await db.execute<{
    category: string;
    is_income: boolean;
    month: string;
    currency: string;
    amount: string;
  }>(sql`
    select category, is_income, month::text as month, currency, sum(cents)::text as amount from (
      select ${m.category} as category, ${m.isIncome} as is_income, ${m.month} as month, ${m.currency} as currency,
        ${m.amountCents} as cents
      from ${m}
      where ${m.userId} = ${userId} and ${m.counted} and ${m.currency} <> ${display}
        and ${m.month} >= ${monthsFrom} and ${m.month} < ${monthsTo}
      union all
      select ${c.category}, ${c.isIncome}, date_trunc('month', ${c.occurredOn})::date, ${c.currency}, ${c.amountCents}
      from ${c}
      where ${c.userId} = ${userId} and ${c.deletedAt} is null and ${c.transferId} is null and ${c.onBudget}
        and ${c.currency} <> ${display}
        and ((${c.occurredOn} >= ${headFrom} and ${c.occurredOn} < ${headTo})
          or (${c.occurredOn} >= ${tailFrom} and ${c.occurredOn} <= ${tailTo}))
    ) sums
    group by 1, 2, 3, 4 having sum(cents) <> 0
    order by 3, 1, 2, 4`);
  return rows.map((row) => ({
    category: row.category,
    isIncome: row.is_income,
    month: row.month,
    currency: row.currency,
    amountMinor: BigInt(row.amount),
  }));
}

/**
 * Each month's sum converted into `to` at the rate of the month's last day inside the days (`daysTo`, on
 * or before today), all rates found in one statement.
 */
export async function convertCategoryMonths(
  { db }: { db: Queryable },
  {
    userId,
    to,
    daysTo,
    sums,
  }: { userId: string; to: string; daysTo: string; sums: readonly ForeignCategoryMonth[] },
): Promise<ConvertedCategoryMonth[]> {
  if (sums.length === 0) return [];
  const groups = sums.map((sum) => ({
    day: rateDayOfMonth(sum.month, daysTo),
    currency: sum.currency,
    amountMinor: sum.amountMinor,
  }));
  const converted = convertAmounts(
    groups,
    to,
    await findRates(db, { userId, to, pairs: groups, wholeMonth: true }),
  );
  return sums.map((sum, at) => ({ ...sum, group: converted[at] as ConvertedGroup }));
}

/** The day whose rate converts a month's sum: the month's last day, or `daysTo` when that comes first. */
export function rateDayOfMonth(month: string, daysTo: string): string {
  const end = monthEndOf(month);
  return end < daysTo ? end : daysTo;
}

/**
 * A sum kept mixed (every currency's minor units added as they are) made right in the display currency
 * from the converted months that are part of it; untouched when there are none.
 */
export function mixedInCurrency(
  mixed: bigint | string,
  foreign: readonly ConvertedCategoryMonth[],
): ConvertedSum {
  return inCurrency(
    BigInt(mixed),
    foreign.map((sum) => sum.group),
  );
}

/** One note for a figure made of several converted sums (a total of lines): every rate and gap in them. */
export function conversionOf(foreign: readonly ConvertedCategoryMonth[]): Conversion | undefined {
  return inCurrency(
    0n,
    foreign.map((sum) => sum.group),
  ).conversion;
}

/** The converted months grouped by a key (category, month …), for the figures that read them. */
export function groupMonths(
  sums: readonly ConvertedCategoryMonth[],
  keyOf: (sum: ConvertedCategoryMonth) => string,
): Map<string, ConvertedCategoryMonth[]> {
  const groups = new Map<string, ConvertedCategoryMonth[]>();
  for (const sum of sums) {
    const key = keyOf(sum);
    const group = groups.get(key);
    if (group) group.push(sum);
    else groups.set(key, [sum]);
  }
  return groups;
}
