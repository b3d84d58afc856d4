import { sql } from 'drizzle-orm';

import {
  monthEndOf,
  todayInTimeZone,
  type CategoryTrend,
  type CategoryTrendInput,
  type CentsTotal,
} from '@paisable/contracts';

import { prepared } from '../../db/prepared';
import { budgets, transactionCategoryMonthTotals, transactionCategoryRows } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { readerFor, type TotalsQuestion } from './read-model';
import { rememberReport } from './remembered';

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * One category's spending per month (the counted expenses up to today, as the monthly report: no
 * transfers, no off-budget accounts, no scheduled rows) beside the budget set for that month, and the
 * average over the months. The category matches whatever its case, as budgets and filters do.
 */
export async function getCategoryTrend(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, from, to, category }: { userId: string; timeZone: string } & CategoryTrendInput,
): Promise<CategoryTrend> {
  const today = todayInTimeZone(timeZone, now());
  const input = { from, to, category: category.toLowerCase() };
  return rememberReport(db, { userId, report: 'category trend', input, today }, async () => {
    const params = { userId, category, from: `${from}-01`, to: monthEndOf(`${to}-01`), today };
    const [spent, budgeted] = await Promise.all([
      readerFor(spentReaders, TREND_QUESTION)(db).execute(params),
      budgetsQuery(db).execute({
        userId,
        category,
        fromKey: monthIndex(from),
        toKey: monthIndex(to),
      }),
    ]);
    const spentBy = new Map(spent.map((row) => [row.month, row.cents]));
    const budgetBy = new Map(budgeted.map((row) => [row.month, row.cents]));
    const months: CategoryTrend['months'] = [];
    let total = 0n;
    for (let index = monthIndex(from); index <= monthIndex(to); index++) {
      const month = monthOf(index);
      const spentCents = spentBy.get(month) ?? '0';
      total += BigInt(spentCents);
      months.push({ month, spentCents, budgetCents: budgetBy.get(month) ?? null });
    }
    // BigInt division truncates toward zero; spending is never below zero, so this rounds down.
    const averageCents: CentsTotal = `${total / BigInt(months.length)}`;
    return { months, averageCents };
  });
}

/** What the trend asks the read model (read-model.ts): one category's expenses per month, of the budget. */
export const TREND_QUESTION = {
  period: 'month',
  by: ['category', 'type'],
  measures: ['amount'],
  scope: 'budget',
} as const satisfies TotalsQuestion;

const m = transactionCategoryMonthTotals;
// Split rows count by their lines (migration 0030's view).
const t = transactionCategoryRows;

/** The category's counted month totals, less its counted rows dated after today (scheduled, few). */
const spentFromMonthTotals = prepared((db) => {
  const parts = sql`
    select ${m.month} as month, ${m.amountCents} as cents from ${m}
    where ${m.userId} = ${sql.placeholder('userId')} and ${m.counted} and not ${m.isIncome}
      and lower(${m.category}) = lower(${sql.placeholder('category')})
      and ${m.month} between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date
    union all
    select date_trunc('month', ${t.occurredOn})::date, -${t.amountCents} from ${t}
    where ${t.userId} = ${sql.placeholder('userId')} and ${t.deletedAt} is null and not ${t.isIncome}
      and lower(${t.category}) = lower(${sql.placeholder('category')})
      and ${t.occurredOn} > ${sql.placeholder('today')}::date
      and ${t.occurredOn} between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date
      and ${t.transferId} is null and ${t.onBudget}`;
  return db
    .select({
      month: sql<string>`to_char(month, 'YYYY-MM')`,
      cents: sql<CentsTotal>`sum(cents)::text`,
    })
    .from(sql`(${parts}) as sums`)
    .groupBy(sql`month`)
    .prepare('report_category_trend');
});

const spentReaders = { transaction_category_month_totals: spentFromMonthTotals };

/** The category's budgets of the range (year * 12 + month - 1 between the two keys). */
const budgetsQuery = prepared((db) =>
  db
    .select({
      month: sql<string>`to_char(make_date(${budgets.year}, ${budgets.month}, 1), 'YYYY-MM')`,
      cents: sql<CentsTotal>`${budgets.amountCents}::text`,
    })
    .from(budgets)
    .where(
      sql`${budgets.userId} = ${sql.placeholder('userId')}
        and lower(${budgets.category}) = lower(${sql.placeholder('category')})
        and ${budgets.year} * 12 + ${budgets.month} - 1
          between ${sql.placeholder('fromKey')}::int and ${sql.placeholder('toKey')}::int`,
    )
    .prepare('report_category_trend_budgets'),
);
