import { sql } from 'drizzle-orm';

import {
  addCentsTotals,
  monthEndOf,
  toCentsTotal,
  todayInTimeZone,
  type AccountKind,
  type CentsTotal,
  type NetWorthReport,
  type NetWorthReportInput,
} from '@paisable/contracts';

import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import { accountDayTotals, accountMonthTotals, accounts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { netWorthOf } from '../accounts/balances';
import { findOwnAccount } from '../accounts/service';
import type { AmountGroup, ConvertedGroup } from '../rates/convert';
import { convertTotals } from '../rates/service';
import { addConverted, mergeConversions } from '../rates/sums';
import { pickTotals, type TotalsQuestion } from './read-model';
import { rememberReport } from './remembered';
import { withCurrency } from './report-currency';

type Owned = { userId: string; timeZone: string; currency: string };

/**
 * Net worth at each month end of the range and at `to`, as the accounts page computes it today (opening
 * balance plus everything up to the day; cards and loans owe), from the account totals tables: the months'
 * net sums, read once in month order, and the days of the one month a point may end inside of. A point
 * after today takes today's balances, since scheduled rows count only from their day.
 */
export async function getNetWorthReport(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone, currency, from, to, account }: Owned & NetWorthReportInput,
): Promise<NetWorthReport> {
  const today = todayInTimeZone(timeZone, now());
  const input = { from, to, account, currency };
  return rememberReport(db, { userId, report: 'net worth', input, today }, async () => {
    // One account's net worth is in its own currency, as its rows are: nothing to convert.
    const own = account === undefined ? undefined : await findOwnAccount(db, userId, account);
    const shownIn = own?.currency ?? currency;
    const { points, conversion } = await netWorthPoints(db, {
      userId,
      from,
      to,
      account,
      today,
      currency: shownIn,
    });
    return withCurrency({ points }, { shownIn, display: currency }, conversion);
  });
}

/**
 * What net worth asks the read model (read-model.ts): every row of each account (transfers included), at
 * any day: the account month totals, and the account day totals for the month a point ends inside of.
 */
export const NET_WORTH_QUESTION = {
  period: 'day',
  by: ['account'],
  measures: ['net'],
  scope: 'balance',
} as const satisfies TotalsQuestion;

async function netWorthPoints(
  db: Database,
  {
    userId,
    from,
    to,
    account,
    today,
    currency,
  }: { userId: string; from: string; to: string; account?: string; today: string; currency: string },
): Promise<NetWorthReport> {
  const source = pickTotals(NET_WORTH_QUESTION);
  if (
    source.from !== 'table' ||
    source.table !== 'account_month_totals' ||
    source.edges !== 'account_day_totals'
  )
    throw new Error('net worth reads the account month and day totals');
  const dates = pointDates(from, to);
  const lastCounted = to < today ? to : today;
  const params = { userId, account: account ?? null, through: lastCounted };
  const [owned, months, days] = await Promise.all([
    accountsQuery(db).execute(params),
    monthsQuery(db).execute(params),
    lastMonthDaysQuery(db).execute({ ...params, monthStart: `${lastCounted.slice(0, 7)}-01` }),
  ]);

  // Each account's running balance, moved forward month by month as the points go.
  const balances = new Map(owned.map((row) => [row.id, row.opening]));
  let nextMonth = 0;
  const balancesAt: { date: string; counted: string; shown: Map<string, CentsTotal> }[] = [];
  for (const date of dates) {
    const counted = date < lastCounted ? date : lastCounted;
    const inside = counted !== monthEndOf(counted);
    // Whole months up to the point's own (before it, when the point ends inside that month).
    const monthStart = `${counted.slice(0, 7)}-01`;
    for (
      let row = months[nextMonth];
      row && monthBefore(row.month, monthStart, !inside);
      row = months[++nextMonth]
    ) {
      balances.set(row.accountId, addCentsTotals(balances.get(row.accountId) ?? '0', row.net));
    }
    let shown = balances;
    if (inside) {
      // Only the last counted day can end inside a month: its days come from the day totals.
      shown = new Map(balances);
      for (const row of days) {
        if (row.day <= counted)
          shown.set(row.accountId, addCentsTotals(shown.get(row.accountId) ?? '0', row.net));
      }
    }
    // A copy: the running balances move on with the next point.
    balancesAt.push({ date, counted, shown: shown === balances ? new Map(balances) : shown });
  }

  // The balances of accounts in other currencies, each converted at the rate of the day it is the balance
  // of (one statement for every rate); a balance without a rate is left out of the point and named.
  const foreign = owned.filter((row) => row.currency !== currency);
  const groups: AmountGroup[] = balancesAt.flatMap(({ counted, shown }) =>
    foreign.map((row) => ({
      day: counted,
      currency: row.currency,
      amountMinor: BigInt(shown.get(row.id) ?? row.opening),
    })),
  );
  const converted = groups.length > 0 ? await convertTotals({ db }, { userId, to: currency, groups }) : [];
  const points: NetWorthReport['points'] = balancesAt.map(({ date, shown }, at) => {
    const ofPoint = converted.slice(at * foreign.length, (at + 1) * foreign.length);
    const foreignBalance = new Map(
      foreign.map((row, index) => {
        const sum = addConverted([ofPoint[index] as ConvertedGroup]);
        return [row.id, { cents: toCentsTotal(sum.minor), conversion: sum.conversion }];
      }),
    );
    const worth = netWorthOf(
      owned.map((row) => ({
        kind: row.kind,
        balanceCents: foreignBalance.get(row.id)?.cents ?? shown.get(row.id) ?? row.opening,
      })),
    );
    const conversion = mergeConversions([...foreignBalance.values()].map((balance) => balance.conversion));
    return {
      date,
      assetsCents: worth.assetsCents,
      liabilitiesCents: worth.liabilitiesCents,
      netCents: worth.netCents,
      ...(conversion ? { conversion } : {}),
    };
  });
  const conversion = mergeConversions(points.map((point) => point.conversion));
  return { points, ...(conversion ? { conversion } : {}) };
}

const monthBefore = (month: string, monthStart: string, orEqual: boolean) =>
  orEqual ? month <= monthStart : month < monthStart;

/** Every month end from `from`'s month on that falls inside the range, then `to` itself. */
export function pointDates(from: string, to: string): string[] {
  const dates: string[] = [];
  let end = monthEndOf(from);
  while (end < to) {
    dates.push(end);
    end = monthEndOf(nextDay(end));
  }
  dates.push(to);
  return dates;
}

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

const byAccount = (column: unknown) =>
  sql`(${sql.placeholder('account')}::uuid is null or ${column} = ${sql.placeholder('account')}::uuid)`;

const accountsQuery = prepared((db) =>
  db
    .select({
      id: accounts.id,
      kind: sql<AccountKind>`${accounts.kind}`,
      currency: accounts.currency,
      opening: sql<CentsTotal>`${accounts.openingBalanceCents}::text`,
    })
    .from(accounts)
    .where(sql`${accounts.userId} = ${sql.placeholder('userId')} and ${byAccount(accounts.id)}`)
    .prepare('report_net_worth_accounts'),
);

/** The month sums up to the last counted day's month, oldest first (a few hundred small rows). */
const monthsQuery = prepared((db) => {
  const m = accountMonthTotals;
  return db
    .select({
      accountId: m.accountId,
      month: sql<string>`${m.month}::text`,
      net: sql<CentsTotal>`${m.netCents}::text`,
    })
    .from(m)
    .where(
      sql`${m.userId} = ${sql.placeholder('userId')} and ${byAccount(m.accountId)}
        and ${m.month} <= ${sql.placeholder('through')}::date`,
    )
    .orderBy(m.month)
    .prepare('report_net_worth_months');
});

/** The days of the last counted day's month up to it. */
const lastMonthDaysQuery = prepared((db) => {
  const d = accountDayTotals;
  return db
    .select({
      accountId: d.accountId,
      day: sql<string>`${d.occurredOn}::text`,
      net: sql<CentsTotal>`${d.netCents}::text`,
    })
    .from(d)
    .where(
      sql`${d.userId} = ${sql.placeholder('userId')} and ${byAccount(d.accountId)}
        and ${d.occurredOn} between ${sql.placeholder('monthStart')}::date and ${sql.placeholder('through')}::date`,
    )
    .prepare('report_net_worth_days');
});
