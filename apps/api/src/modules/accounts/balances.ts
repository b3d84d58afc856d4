import { and, eq, sql } from 'drizzle-orm';

import {
  addCentsTotals,
  LIABILITY_KINDS,
  subtractCentsTotals,
  type AccountKind,
  type CentsTotal,
  type NetWorth,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { accountDayTotals, accountMonthTotals, accounts } from '../../db/schema';

/**
 * Each of the user's accounts with its balance on `date`: the opening balance, plus the months of totals
 * before that date's month, plus that month's days up to the date (account_*_totals, kept by the totals
 * trigger). A few hundred small rows whatever the history's length; exact (sums in SQL, kept as text).
 */
export async function accountsWithBalances(
  db: Queryable,
  { userId, date }: { userId: string; date: string },
) {
  const monthStart = `${date.slice(0, 7)}-01`;
  const m = accountMonthTotals;
  const d = accountDayTotals;
  const rows = await db.execute<{ id: string; balance: CentsTotal }>(sql`
    select a.id, (a.opening_balance_cents
      + coalesce((select sum(${m.netCents}) from ${m}
                  where ${m.userId} = a.user_id and ${m.accountId} = a.id and ${m.month} < ${monthStart}::date), 0)
      + coalesce((select sum(${d.netCents}) from ${d}
                  where ${d.userId} = a.user_id and ${d.accountId} = a.id
                    and ${d.occurredOn} >= ${monthStart}::date and ${d.occurredOn} <= ${date}::date), 0)
    )::text as balance
    from ${accounts} a where a.user_id = ${userId}`);
  return new Map(rows.map((row) => [row.id, row.balance]));
}

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
  db: Queryable,
  { userId, date }: { userId: string; date: string },
): Promise<CentsTotal> {
  const [onBudget, balances] = await Promise.all([
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.onBudget, true))),
    accountsWithBalances(db, { userId, date }),
  ]);
  return onBudget.reduce<CentsTotal>((sum, { id }) => addCentsTotals(sum, balances.get(id) ?? '0'), '0');
}
