import { sql } from 'drizzle-orm';

import {
  toCentsTotal,
  todayInTimeZone,
  type CentsTotal,
  type TopPayees,
  type TopPayeesInput,
} from '@paisable/contracts';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { transactionDayTotals, transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findOwnAccount } from '../accounts/service';
import type { ConvertedGroup } from '../rates/convert';
import { convertTotals } from '../rates/service';
import { inCurrency, mergeConversions } from '../rates/sums';
import { rememberReport } from './remembered';
import { withCurrency } from './report-currency';

type Owned = { userId: string; timeZone: string; currency: string };

/**
 * The payees the user spent most with over the days up to today: expenses by transaction name (case
 * aside, shown as most often written), transfers left out. Without an account the counted rows (on-budget
 * accounts), as the other reports; with one (the user's own, else 404) that account's rows.
 *
 * No totals table is kept by name (read-model.ts): names are free text, as many as the rows in the worst
 * case, so the period's rows are summed, found by the list's date index (or the account's); the result is
 * remembered until the user's next write.
 */
export async function getTopPayees(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, currency, from, to, account, limit }: Owned & TopPayeesInput,
): Promise<TopPayees> {
  const today = todayInTimeZone(timeZone, now());
  const input = { from, to, account, limit, currency };
  return rememberReport(db, { userId, report: 'payees', input, today }, async () => {
    // One account's payees are in its own currency, as its rows are: nothing to convert.
    const own = account === undefined ? undefined : await findOwnAccount(db, userId, account);
    const shownIn = own?.currency ?? currency;
    const end = to < today ? to : today;
    const said = { shownIn, display: currency };
    if (end < from) return withCurrency({ payees: [] }, said, undefined);
    const days = { from, to: end };
    // Whether to convert is asked beside the plain ranking (one round trip for a single-currency user).
    const [foreign, rows] = await Promise.all([
      own ? [] : foreignExpensesQuery(db).execute({ userId, display: shownIn, ...days }),
      payeesQuery(db).execute({ userId, account: account ?? null, ...days, limit }),
    ]);
    if (foreign.length > 0) {
      const { payees, conversion } = await convertedPayees(db, { userId, display: shownIn, limit, ...days });
      return withCurrency({ payees }, said, conversion);
    }
    return withCurrency({ payees: rows }, said, undefined);
  });
}

type Days = { from: string; to: string };

/** A row when any counted expense of the days is in another currency than `display` (the day totals say). */
const foreignExpensesQuery = prepared((db) =>
  db
    .select({ found: sql<number>`1` })
    .from(transactionDayTotals)
    .where(
      sql`${transactionDayTotals.userId} = ${sql.placeholder('userId')} and not ${transactionDayTotals.isIncome}
        and ${transactionDayTotals.counted} and ${transactionDayTotals.currency} <> ${sql.placeholder('display')}
        and ${transactionDayTotals.count} > 0
        and ${transactionDayTotals.occurredOn} between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date`,
    )
    .limit(1)
    .prepare('report_payees_foreign'),
);

/**
 * Top payees of a user with expenses in several currencies: the rows summed per payee, currency and (for
 * other currencies than the display one) day, each day's sum converted at that day's rate, then ranked by
 * the converted totals. A sum without a rate is left out of its payee's total and named.
 */
async function convertedPayees(
  db: Database,
  { userId, display, limit, from, to }: { userId: string; display: string; limit: number } & Days,
): Promise<Pick<TopPayees, 'payees' | 'conversion'>> {
  const sums = await db.execute<{
    key: string;
    name: string;
    currency: string;
    day: string | null;
    count: number;
    amount: string;
  }>(sql`select lower(name) as key, mode() within group (order by name) as name, currency,
      case when currency = ${display} then null else occurred_on::text end as day,
      count(*)::int as count, sum(amount_cents)::text as amount
    from transactions
    where user_id = ${userId} and deleted_at is null and transfer_id is null and not is_income and on_budget
      and occurred_on between ${from}::date and ${to}::date
    group by 1, 3, 4`);
  const foreign = sums.filter((sum) => sum.day !== null);
  const converted = await convertTotals(
    { db },
    {
      userId,
      to: display,
      groups: foreign.map((sum) => ({
        day: sum.day as string,
        currency: sum.currency,
        amountMinor: BigInt(sum.amount),
      })),
    },
  );
  const convertedOf = new Map(foreign.map((sum, at) => [sum, converted[at] as ConvertedGroup]));
  const byPayee = new Map<
    string,
    { name: string; topCount: number; count: number; mixed: bigint; foreign: ConvertedGroup[] }
  >();
  for (const sum of sums) {
    const payee = byPayee.get(sum.key) ?? { name: sum.name, topCount: 0, count: 0, mixed: 0n, foreign: [] };
    // Shown as most often written across its currencies
    // (a tie goes to the first spelling in sort order, as `mode()` picks within one currency).
    if (sum.count > payee.topCount || (sum.count === payee.topCount && sum.name < payee.name))
      Object.assign(payee, { name: sum.name, topCount: sum.count });
    payee.count += sum.count;
    payee.mixed += BigInt(sum.amount);
    const group = convertedOf.get(sum);
    if (group) payee.foreign.push(group);
    byPayee.set(sum.key, payee);
  }
  const ranked = [...byPayee.entries()]
    .map(([key, payee]) => ({ key, payee, total: inCurrency(payee.mixed, payee.foreign) }))
    .sort((a, b) =>
      a.total.minor === b.total.minor ? (a.key < b.key ? -1 : 1) : a.total.minor > b.total.minor ? -1 : 1,
    )
    .slice(0, limit);
  const payees = ranked.map(({ payee, total }) => ({
    name: payee.name,
    count: payee.count,
    totalCents: toCentsTotal(total.minor),
    ...(total.conversion ? { conversion: total.conversion } : {}),
  }));
  const conversion = mergeConversions(payees.map((payee) => payee.conversion));
  return { payees, ...(conversion ? { conversion } : {}) };
}

const t = transactions;

const payeesQuery = prepared((db) =>
  db
    .select({
      name: sql<string>`mode() within group (order by ${t.name})`,
      count: sql<number>`count(*)::int`,
      totalCents: sql<CentsTotal>`sum(${t.amountCents})::text`,
    })
    .from(t)
    .where(
      sql`${t.userId} = ${sql.placeholder('userId')} and ${t.deletedAt} is null and ${t.transferId} is null
        and not ${t.isIncome}
        and ${t.occurredOn} between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date
        and (case when ${sql.placeholder('account')}::uuid is null then ${t.onBudget}
                  else ${t.accountId} = ${sql.placeholder('account')}::uuid end)`,
    )
    .groupBy(sql`lower(${t.name})`)
    .orderBy(sql`sum(${t.amountCents}) desc`, sql`lower(${t.name})`)
    .limit(sql.placeholder('limit'))
    .prepare('report_top_payees'),
);
