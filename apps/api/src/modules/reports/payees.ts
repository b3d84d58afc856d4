import { sql } from 'drizzle-orm';

import { todayInTimeZone, type CentsTotal, type TopPayees, type TopPayeesInput } from '@paisable/contracts';

import { prepared } from '../../db/prepared';
import { transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findOwnAccount } from '../accounts/service';
import { rememberReport } from './remembered';

type Owned = { userId: string; timeZone: string };

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
  { userId, timeZone, from, to, account, limit }: Owned & TopPayeesInput,
): Promise<TopPayees> {
  const today = todayInTimeZone(timeZone, now());
  const input = { from, to, account, limit };
  return rememberReport(db, { userId, report: 'payees', input, today }, async () => {
    if (account !== undefined) await findOwnAccount(db, userId, account);
    const end = to < today ? to : today;
    if (end < from) return { payees: [] };
    const rows = await payeesQuery(db).execute({ userId, account: account ?? null, from, to: end, limit });
    return { payees: rows };
  });
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
