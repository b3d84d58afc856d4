import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';

import {
  addCentsTotals,
  subtractCentsTotals,
  toCentsTotal,
  todayInTimeZone,
  UPCOMING_DAYS,
  type Upcoming,
} from '@paisable/contracts';

import { accounts, recurringRules, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { onBudgetBalance } from '../accounts/balances';
import { convertAmounts } from '../rates/convert';
import { findRates } from '../rates/lookup';
import { scheduledRows } from '../transactions/upcoming';
import { defaultRuleCurrency } from './currency';
import { addDays, dueOccurrences } from './schedule';

/** A daily rule lists at most this many occurrences (one per day of the window). */
const OCCURRENCES_PER_RULE = UPCOMING_DAYS + 1;

type Item = Omit<Upcoming['items'][number], 'balanceAfterCents'>;

/**
 * What is coming in the next UPCOMING_DAYS days: each recurring rule's occurrences not yet recorded and
 * the saved rows dated after today, soonest first, with the on-budget balance after each (today's, the
 * dashboard's Current Balance, plus what comes before it). An item in an off-budget account, or a
 * recurring rule recording into one, is listed but moves no balance. Each item is in its account's
 * currency; one in another currency than the display currency moves the balance converted at the rate of
 * its day (half-even, once), and without such a rate it is listed but not counted (never taken at 1:1).
 */
export async function getUpcoming(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, timeZone }: { userId: string; timeZone: string },
): Promise<Upcoming> {
  const today = todayInTimeZone(timeZone, now());
  const through = addDays(today, UPCOMING_DAYS);
  const [balanceCents, rules, scheduled, fallbackCurrency, [user]] = await Promise.all([
    onBudgetBalance(db, { userId, date: today }),
    db
      .select({
        rule: recurringRules,
        onBudget: sql<boolean>`coalesce(${accounts.onBudget}, true)`,
        currency: accounts.currency,
      })
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
    defaultRuleCurrency(db, userId),
    db.select({ currency: users.defaultCurrency }).from(users).where(eq(users.id, userId)),
  ]);
  const display = user?.currency ?? fallbackCurrency;

  const items: Item[] = scheduled.map((row) => ({
    date: row.occurredOn,
    name: row.name,
    category: row.category,
    amountCents: row.amountCents,
    currency: row.currency,
    isIncome: row.isIncome,
    source: 'scheduled',
    ruleId: null,
    transactionId: row.id,
    counted: row.onBudget,
  }));
  for (const { rule, onBudget, currency } of rules) {
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
        currency: currency ?? fallbackCurrency,
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

  const foreign = items.filter((item) => item.counted && item.currency !== display);
  const rates = await findRates(db, {
    userId,
    to: display,
    pairs: foreign.map((item) => ({ currency: item.currency, day: item.date })),
    // The items are days still to come: no rate is published ahead, so today's converts them.
    today,
  });
  let running = balanceCents;
  const withBalances = items.map((item) => {
    const [converted] = convertAmounts(
      [{ day: item.date, currency: item.currency, amountMinor: BigInt(item.amountCents) }],
      display,
      rates,
    );
    const inDisplay = converted && 'convertedMinor' in converted ? converted.convertedMinor : undefined;
    if (item.counted && inDisplay === undefined)
      return { ...item, counted: false, balanceAfterCents: running };
    if (item.counted && inDisplay !== undefined) {
      const cents = toCentsTotal(inDisplay);
      running = item.isIncome ? addCentsTotals(running, cents) : subtractCentsTotals(running, cents);
    }
    return { ...item, balanceAfterCents: running };
  });
  return { today, through, balanceCents, projectedBalanceCents: running, items: withBalances };
}
