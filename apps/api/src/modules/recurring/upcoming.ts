import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';

import {
  addCentsTotals,
  subtractCentsTotals,
  toCentsTotal,
  todayInTimeZone,
  UPCOMING_DAYS,
  type Upcoming,
} from '@paisable/contracts';

import { accounts, recurringRules } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { onBudgetBalance } from '../accounts/balances';
import { scheduledRows } from '../transactions/upcoming';
import { addDays, dueOccurrences } from './schedule';

/** A daily rule lists at most this many occurrences (one per day of the window). */
const OCCURRENCES_PER_RULE = UPCOMING_DAYS + 1;

type Item = Omit<Upcoming['items'][number], 'balanceAfterCents'>;

/**
 * What is coming in the next UPCOMING_DAYS days: each recurring rule's occurrences not yet recorded and
 * the saved rows dated after today, soonest first, with the on-budget balance after each (today's, the
 * dashboard's Current Balance, plus what comes before it). An item in an off-budget account, or a
 * recurring rule recording into one, is listed but moves no balance.
 */
export async function getUpcoming(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone }: { userId: string; timeZone: string },
): Promise<Upcoming> {
  const today = todayInTimeZone(timeZone, now());
  const through = addDays(today, UPCOMING_DAYS);
  const [balanceCents, rules, scheduled] = await Promise.all([
    onBudgetBalance(db, { userId, date: today }),
    db
      .select({ rule: recurringRules, onBudget: sql<boolean>`coalesce(${accounts.onBudget}, true)` })
      .from(recurringRules)
      .leftJoin(accounts, eq(accounts.id, recurringRules.accountId))
      .where(
        and(
          eq(recurringRules.userId, userId),
          isNotNull(recurringRules.nextDueDate),
          lte(recurringRules.nextDueDate, through),
        ),
      ),
    scheduledRows(db, { userId, after: today, through }),
  ]);

  const items: Item[] = scheduled.map((row) => ({
    date: row.occurredOn,
    name: row.name,
    category: row.category,
    amountCents: row.amountCents,
    isIncome: row.isIncome,
    source: 'scheduled',
    ruleId: null,
    transactionId: row.id,
    counted: row.onBudget,
  }));
  for (const { rule, onBudget } of rules) {
    const { dates } = dueOccurrences(rule, {
      from: rule.nextDueDate ?? today,
      through,
      limit: OCCURRENCES_PER_RULE,
    });
    for (const date of dates) {
      items.push({
        date,
        name: rule.name,
        category: rule.category,
        amountCents: rule.amountCents,
        isIncome: rule.isIncome,
        source: 'recurring',
        ruleId: rule.id,
        transactionId: null,
        counted: onBudget,
      });
    }
  }
  // Stable: saved rows keep their list order within a day, then the rules' occurrences.
  items.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  let running = balanceCents;
  const withBalances = items.map((item) => {
    if (item.counted) {
      const cents = toCentsTotal(item.amountCents);
      running = item.isIncome ? addCentsTotals(running, cents) : subtractCentsTotals(running, cents);
    }
    return { ...item, balanceAfterCents: running };
  });
  return { today, through, balanceCents, projectedBalanceCents: running, items: withBalances };
}
