import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';

import {
  addCentsTotals,
  LIABILITY_KINDS,
  subtractCentsTotals,
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
): Promise<Map<string, { balanceCents: CentsTotal; onBudget: boolean }>> {
  const rows = await balancesQuery(db).execute({ userId, date, monthStart: monthStartOf(date) });
  return new Map(rows.map((row) => [row.id, { balanceCents: row.balance, onBudget: row.onBudget }]));
}

const balancesQuery = prepared((db) =>
  db
    .select({
      id: sql<string>`a.id`,
      onBudget: sql<boolean>`a.on_budget`,
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

/** One account's balance on any day; undefined when it is not one of the user's accounts. */
export async function balanceOfAccount(
  db: Database,
  { userId, id, date }: { userId: string; id: string; date: string },
): Promise<CentsTotal | undefined> {
  const [row] = await oneBalanceQuery(db).execute({ userId, id, date, monthStart: monthStartOf(date) });
  return row?.balance;
}

const oneBalanceQuery = prepared((db) =>
  db
    .select({ balance: balanceSql(sql.placeholder('date'), sql.placeholder('monthStart')) })
    .from(sql`${accounts} a`)
    .where(sql`a.user_id = ${sql.placeholder('userId')} and a.id = ${sql.placeholder('id')}`)
    .prepare('account_balance_on'),
);

/**
 * Assets minus liabilities: a card's or a loan's balance is what is owed (below zero), counted as a
 * liability; an overdrawn checking account lowers the assets.
 */
export function netWorthOf(balances: readonly { kind: AccountKind; balanceCents: CentsTotal }[]): NetWorth {
  let assetsCents: CentsTotal = '0';
  let owedCents: CentsTotal = '0';
  for (const { kind, balanceCents } of balances) {
    if (LIABILITY_KINDS.includes(kind)) owedCents = subtractCentsTotals(owedCents, balanceCents);
    else assetsCents = addCentsTotals(assetsCents, balanceCents);
  }
  return { assetsCents, liabilitiesCents: owedCents, netCents: subtractCentsTotals(assetsCents, owedCents) };
}

/** The dashboard's Current Balance: the on-budget accounts' balances at the end of `date`, added up. */
export async function onBudgetBalance(
  db: Database,
  { userId, date }: { userId: string; date: string },
): Promise<CentsTotal> {
  const balances = await accountsWithBalances(db, { userId, date });
  let total: CentsTotal = '0';
  for (const { balanceCents, onBudget } of balances.values()) {
    if (onBudget) total = addCentsTotals(total, balanceCents);
  }
  return total;
}
