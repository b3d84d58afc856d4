import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';

import {
  addCentsTotals,
  LIABILITY_KINDS,
  subtractCentsTotals,
  toCentsTotal,
  type AccountKind,
  type CentsTotal,
  type NetWorth,
} from '@paisable/contracts';

import type { Database, Queryable } from '../../db/client';
import { prepared } from '../../db/prepared';
import { accountDayTotals, accountMonthTotals, accounts } from '../../db/schema';

/**
 * An account's balance at the end of `date`, as SQL over the row `a` of accounts: the opening balance,
 * plus the months of totals before that date's month, plus that month's days up to the date
 * (account_*_totals, kept by the totals trigger). Two index range scans of a few dozen small rows however
 * long the history; exact (summed in SQL, sent as text).
 */
function balanceSql(date: SQL | Placeholder | string, monthStart: SQL | Placeholder | string) {
  const m = accountMonthTotals;
  const d = accountDayTotals;
  return sql<CentsTotal>`(a.opening_balance_cents
    + coalesce((select sum(${m.netCents}) from ${m}
                where ${m.userId} = a.user_id and ${m.accountId} = a.id and ${m.month} < ${monthStart}::date), 0)
    + coalesce((select sum(${d.netCents}) from ${d}
                where ${d.userId} = a.user_id and ${d.accountId} = a.id
                  and ${d.occurredOn} >= ${monthStart}::date and ${d.occurredOn} <= ${date}::date), 0)
  )::text`;
}

const monthStartOf = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * Every account of the user with its balance on `date`, prepared once (planning this statement cost as
 * much as running it), for the reads; `balancesInTransaction` is the same for a write's transaction.
 */
export async function accountsWithBalances(
  db: Database,
  { userId, date }: { userId: string; date: string },
): Promise<Map<string, { balanceCents: CentsTotal; onBudget: boolean; currency: string }>> {
  const rows = await balancesQuery(db).execute({ userId, date, monthStart: monthStartOf(date) });
  return new Map(
    rows.map((row) => [
      row.id,
      { balanceCents: row.balance, onBudget: row.onBudget, currency: row.currency },
    ]),
  );
}

const balancesQuery = prepared((db) =>
  db
    .select({
      id: sql<string>`a.id`,
      onBudget: sql<boolean>`a.on_budget`,
      currency: sql<string>`a.currency`,
      balance: balanceSql(sql.placeholder('date'), sql.placeholder('monthStart')),
    })
    .from(sql`${accounts} a`)
    .where(sql`a.user_id = ${sql.placeholder('userId')}`)
    .prepare('account_balances'),
);

/**
 * One account's balance on `date`, inside a write's transaction (a new or changed account); undefined
 * when it is not one of the user's accounts.
 */
export async function balanceInTransaction(
  db: Queryable,
  { userId, id, date }: { userId: string; id: string; date: string },
): Promise<CentsTotal | undefined> {
  const [row] = await db
    .select({ balance: balanceSql(date, monthStartOf(date)) })
    .from(sql`${accounts} a`)
    .where(and(sql`a.user_id = ${userId}`, sql`a.id = ${id}`));
  return row?.balance;
}

/**
 * One account's balance on any day, with the account's currency (one statement: the balance is read on
 * every change of the day picker); undefined when it is not one of the user's accounts.
 */
export async function balanceOfAccount(
  db: Database,
  { userId, id, date }: { userId: string; id: string; date: string },
): Promise<{ balance: CentsTotal; currency: string } | undefined> {
  const [row] = await oneBalanceQuery(db).execute({ userId, id, date, monthStart: monthStartOf(date) });
  return row;
}

const oneBalanceQuery = prepared((db) =>
  db
    .select({
      balance: balanceSql(sql.placeholder('date'), sql.placeholder('monthStart')),
      currency: sql<string>`a.currency`,
    })
    .from(sql`${accounts} a`)
    .where(sql`a.user_id = ${sql.placeholder('userId')} and a.id = ${sql.placeholder('id')}`)
    .prepare('account_balance_on'),
);

/**
 * Assets minus liabilities: a card's or a loan's balance is what is owed (below zero), counted as a
 * liability; an overdrawn checking account lowers the assets.
 */
export function netWorthOf(
  balances: readonly { kind: AccountKind; balanceCents: CentsTotal }[],
): Pick<NetWorth, 'assetsCents' | 'liabilitiesCents' | 'netCents'> {
  let assetsCents: CentsTotal = '0';
  let owedCents: CentsTotal = '0';
  for (const { kind, balanceCents } of balances) {
    if (LIABILITY_KINDS.includes(kind)) owedCents = subtractCentsTotals(owedCents, balanceCents);
    else assetsCents = addCentsTotals(assetsCents, balanceCents);
  }
  return { assetsCents, liabilitiesCents: owedCents, netCents: subtractCentsTotals(assetsCents, owedCents) };
}

/**
 * The dashboard's Current Balance: the on-budget accounts' balances at the end of `date`, added up per
 * currency (in each one's minor units); the summary converts the ones not in the display currency.
 */
export async function onBudgetBalances(
  db: Database,
  { userId, date }: { userId: string; date: string },
): Promise<Map<string, bigint>> {
  const balances = await accountsWithBalances(db, { userId, date });
  const byCurrency = new Map<string, bigint>();
  for (const { balanceCents, onBudget, currency } of balances.values()) {
    if (onBudget) byCurrency.set(currency, (byCurrency.get(currency) ?? 0n) + BigInt(balanceCents));
  }
  return byCurrency;
}

/**
 * The same added up as they are, whatever their currencies: the upcoming forecast's starting point, right
 * while the on-budget accounts share one currency (converting the forecast is not done yet).
 */
export async function onBudgetBalance(
  db: Database,
  { userId, date }: { userId: string; date: string },
): Promise<CentsTotal> {
  let total = 0n;
  for (const minor of (await onBudgetBalances(db, { userId, date })).values()) total += minor;
  return toCentsTotal(total);
}
