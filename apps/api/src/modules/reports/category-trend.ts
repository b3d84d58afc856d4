import { sql } from 'drizzle-orm';

import {
  monthEndOf,
  toCentsTotal,
  todayInTimeZone,
  type CategoryTrend,
  type CategoryTrendInput,
  type CentsTotal,
  type Period,
} from '@paisable/contracts';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { budgets, transactionCategoryMonthTotals, transactionCategoryRows } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findOwnAccount } from '../accounts/service';
import { budgetAmountsIn } from '../budgets/amounts';
import { conversionOf, convertedForeignDays, groupDays, mixedInCurrency } from '../rates/month-sums';
import { mergeConversions, type ConvertedSum } from '../rates/sums';
import { readerFor, type TotalsQuestion, type TotalsTableName } from './read-model';
import { rememberReport } from './remembered';
import { withCurrency } from './report-currency';

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * One category's spending per month (the counted expenses up to today, as the monthly report: no
 * transfers, no off-budget accounts, no scheduled rows) beside the budget set for that month, and the
 * average over the months. The category matches whatever its case, as budgets and filters do. With an
 * account (the user's own, else 404): that account's expenses in the category except transfers, whether
 * or not it is on budget, as the category report does; no totals table keeps both the account and the
 * category, so they are summed from its rows by the account's date index. The budget stays the category's
 * own (budgets are not kept per account).
 */
export async function getCategoryTrend(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  {
    userId,
    timeZone,
    from,
    to,
    category,
    account,
    currency,
  }: { userId: string; timeZone: string; currency?: string } & CategoryTrendInput,
): Promise<CategoryTrend> {
  const today = todayInTimeZone(timeZone, now());
  const input = { from, to, category: category.toLowerCase(), account, currency };
  return rememberReport(db, { userId, report: 'category trend', input, today }, async () => {
    const own = account === undefined ? undefined : await findOwnAccount(db, userId, account);
    const days = { from: `${from}-01`, to: monthEndOf(`${to}-01`) };
    const question = account === undefined ? TREND_QUESTIONS.budget : TREND_QUESTIONS.account;
    // The category's expenses in other currencies, each day's at that day's rate (as the budgets), read
    // beside the month sums and the budgets.
    const [spent, budgeted, foreign] = await Promise.all([
      readerFor(spentReaders, question)(db, { userId, category, days, today, account }),
      budgetsQuery(db).execute({
        userId,
        category,
        fromKey: monthIndex(from),
        toKey: monthIndex(to),
      }),
      own || currency === undefined
        ? []
        : convertedForeignDays(db, {
            userId,
            display: currency,
            days: { from: days.from, to: days.to < today ? days.to : today },
            expensesOnly: true,
            category,
          }),
    ]);
    const foreignBy = groupDays(foreign, (sum) => sum.month.slice(0, 7));
    const spentBy = new Map(spent.map((row) => [row.month, row.cents]));
    // Budgets are in the display currency: beside one account's spending in another currency they would
    // read as that currency's, so that account's trend shows none.
    const inOtherCurrency = own !== undefined && currency !== undefined && own.currency !== currency;
    // Each budget in the display currency (converted at its month's rate when set in another, budgets/
    // amounts.ts); one without a rate is no figure: absent from its month, named in the trend's note.
    const amounts: ConvertedSum[] =
      currency === undefined || inOtherCurrency
        ? budgeted.map((row) => ({ minor: BigInt(row.amountCents) }))
        : await budgetAmountsIn(db, { userId, display: currency, today, budgets: budgeted });
    const budgetBy = new Map<string, CentsTotal>();
    budgeted.forEach((row, at) => {
      const amount = amounts[at];
      if (inOtherCurrency || !amount || (amount.conversion?.missing.length ?? 0) > 0) return;
      budgetBy.set(monthOf(row.year * 12 + row.month - 1), toCentsTotal(amount.minor));
    });
    const months: CategoryTrend['months'] = [];
    let total = 0n;
    for (let index = monthIndex(from); index <= monthIndex(to); index++) {
      const month = monthOf(index);
      const made = mixedInCurrency(spentBy.get(month) ?? '0', foreignBy.get(month) ?? []);
      total += made.minor;
      months.push({
        month,
        spentCents: toCentsTotal(made.minor),
        budgetCents: budgetBy.get(month) ?? null,
        ...(made.conversion ? { conversion: made.conversion } : {}),
      });
    }
    // BigInt division truncates toward zero; spending is never below zero, so this rounds down.
    const averageCents: CentsTotal = `${total / BigInt(months.length)}`;
    const conversion = mergeConversions([
      conversionOf(foreign),
      ...amounts.map((amount) => amount.conversion),
    ]);
    const shownIn = own?.currency ?? currency;
    return withCurrency({ months, averageCents }, { shownIn, display: currency }, conversion);
  });
}

/**
 * What the trend asks the read model (read-model.ts): one category's expenses per month, of the budget or
 * of one account.
 */
export const TREND_QUESTIONS = {
  budget: { period: 'month', by: ['category', 'type'], measures: ['amount'], scope: 'budget' },
  account: { period: 'month', by: ['category', 'type', 'account'], measures: ['amount'], scope: 'account' },
} as const satisfies Record<string, TotalsQuestion>;

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

/** The account's expenses in the category per month, up to today, read from its rows by its date index. */
const spentFromAccountRows = prepared((db) =>
  db
    .select({
      month: sql<string>`to_char(${t.occurredOn}, 'YYYY-MM')`,
      cents: sql<CentsTotal>`sum(${t.amountCents})::text`,
    })
    .from(t)
    .where(
      sql`${t.userId} = ${sql.placeholder('userId')} and ${t.accountId} = ${sql.placeholder('account')}::uuid
        and ${t.deletedAt} is null and ${t.transferId} is null and not ${t.isIncome}
        and lower(${t.category}) = lower(${sql.placeholder('category')})
        and ${t.occurredOn} between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date`,
    )
    .groupBy(sql`to_char(${t.occurredOn}, 'YYYY-MM')`)
    .prepare('report_category_trend_account'),
);

type SpentSums = (
  db: Database,
  params: { userId: string; category: string; days: Period; today: string; account: string | undefined },
) => Promise<{ month: string; cents: CentsTotal }[]>;

const spentReaders: Partial<Record<TotalsTableName | 'rows', SpentSums>> = {
  transaction_category_month_totals: (db, { userId, category, days, today }) =>
    spentFromMonthTotals(db).execute({ userId, category, from: days.from, to: days.to, today }),
  rows: async (db, { userId, category, days, today, account }) => {
    const end = days.to < today ? days.to : today;
    if (end < days.from) return [];
    return spentFromAccountRows(db).execute({
      userId,
      account: account ?? null,
      category,
      from: days.from,
      to: end,
    });
  },
};

/** The category's budgets of the range (year * 12 + month - 1 between the two keys). */
const budgetsQuery = prepared((db) =>
  db
    .select({
      month: budgets.month,
      year: budgets.year,
      amountCents: budgets.amountCents,
      currency: budgets.currency,
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
