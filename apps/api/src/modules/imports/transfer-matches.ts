import { sql } from 'drizzle-orm';

import { TRANSFER_MATCH_DAYS, type TransferMatch } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { accounts, transactions } from '../../db/schema';

type Side = { date: string; amountCents: number; isIncome: boolean };
export type TransferCandidate = Side & TransferMatch;

const DAY_MS = 86_400_000;
/** The calendar date (YYYY-MM-DD) `days` later, counted in UTC so no time zone moves it. */
const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** -TRANSFER_MATCH_DAYS … +TRANSFER_MATCH_DAYS. */
const OFFSETS = Array.from({ length: 2 * TRANSFER_MATCH_DAYS + 1 }, (_, at) => at - TRANSFER_MATCH_DAYS);

const groupKey = (amountCents: number, isIncome: boolean, date: string) =>
  `${amountCents}${isIncome ? '+' : '-'}${date}`;

/**
 * For each row, the index of the saved row that is its other side: same amount, the other direction,
 * booked at most TRANSFER_MATCH_DAYS apart, the nearest in days first (then the earliest in the list).
 * Each saved row pairs once, so two equal transfers in a week pair one to one.
 *
 * Candidates are grouped by (amount, direction, day), so a row looks at the 2 × TRANSFER_MATCH_DAYS + 1
 * days around it and never at the rest: a statement of 100,000 rows against 100,000 saved rows of the
 * same few amounts compared every row with every candidate (24 s). Within one day's group every
 * candidate is equally near, so the first one not yet used is the one to take; the groups' pointers only
 * move forward.
 */
export function pairTransfers(rows: readonly Side[], candidates: readonly Side[]): (number | undefined)[] {
  const groups = new Map<string, { indexes: number[]; next: number }>();
  // The (amount, direction) pairs that have any candidate: most rows of a large statement have none, and
  // are answered by one lookup instead of one per day around them.
  const sides = new Set<string>();
  candidates.forEach((candidate, index) => {
    const key = groupKey(candidate.amountCents, candidate.isIncome, candidate.date);
    const group = groups.get(key);
    if (group) group.indexes.push(index);
    else groups.set(key, { indexes: [index], next: 0 });
    sides.add(groupKey(candidate.amountCents, candidate.isIncome, ''));
  });
  // The days around each row's day, worked out once per day (a statement has a few hundred).
  const around = new Map<string, string[]>();
  const daysAround = (date: string) => {
    let days = around.get(date);
    if (!days) {
      days = OFFSETS.map((offset) => shiftDays(date, offset));
      around.set(date, days);
    }
    return days;
  };
  return rows.map((row) => {
    if (!sides.has(groupKey(row.amountCents, !row.isIncome, ''))) return undefined;
    const days = daysAround(row.date);
    let best: { indexes: number[]; next: number } | undefined;
    let bestIndex = Infinity;
    let bestDays = Infinity;
    for (let at = 0; at < OFFSETS.length; at++) {
      const group = groups.get(groupKey(row.amountCents, !row.isIncome, days[at] ?? ''));
      const index = group?.indexes[group.next];
      if (group === undefined || index === undefined) continue;
      const apart = Math.abs(OFFSETS[at] ?? 0);
      if (apart < bestDays || (apart === bestDays && index < bestIndex)) {
        best = group;
        bestIndex = index;
        bestDays = apart;
      }
    }
    if (!best) return undefined;
    best.next++;
    return bestIndex;
  });
}

/**
 * The user's live rows of their other accounts (not the one the file goes into) that could be the other
 * side of the file's rows, not already part of a transfer: the withdrawal saved from the checking
 * account's file when the savings account's file brings the deposit.
 */
export async function transferCandidates(
  { db }: { db: Queryable },
  { userId, accountId, rows }: { userId: string; accountId: string | undefined; rows: readonly Side[] },
): Promise<TransferCandidate[]> {
  if (rows.length === 0) return [];
  // One range of days per (amount, direction) the file needs: the other side of a deposit of 50.00 is a
  // withdrawal of 50.00 within TRANSFER_MATCH_DAYS of one of the file's deposits of 50.00.
  const wanted = new Map<string, { amount_cents: number; is_income: boolean; first: string; last: string }>();
  for (const row of rows) {
    const key = groupKey(row.amountCents, !row.isIncome, '');
    const range = wanted.get(key);
    if (!range) {
      wanted.set(key, {
        amount_cents: row.amountCents,
        is_income: !row.isIncome,
        first: row.date,
        last: row.date,
      });
    } else if (row.date < range.first) range.first = row.date;
    else if (row.date > range.last) range.last = row.date;
  }
  const ranges = JSON.stringify(
    [...wanted.values()].map((range) => ({
      ...range,
      first: shiftDays(range.first, -TRANSFER_MATCH_DAYS),
      last: shiftDays(range.last, TRANSFER_MATCH_DAYS),
    })),
  );
  const found = await db.execute<{
    id: string;
    account_id: string;
    account_name: string;
    occurred_on: string;
    amount_cents: string | number;
    is_income: boolean;
    name: string;
  }>(sql`
    select t.id, t.account_id, a.name as account_name, t.occurred_on::text, t.amount_cents, t.is_income, t.name
    from jsonb_to_recordset(${ranges}::jsonb) as w(amount_cents bigint, is_income boolean, first date, last date)
    -- Per (amount, direction) a range scan of the (user, amount, day) index, or one pass over the user's
    -- rows hashed by (amount, direction) when the planner finds that cheaper: only rows that can pair.
    cross join lateral (
      select id, user_id, account_id, occurred_on, created_at, amount_cents, is_income, name from ${transactions}
      where user_id = ${userId} and deleted_at is null and amount_cents = w.amount_cents
        and occurred_on between w.first and w.last and is_income = w.is_income and transfer_id is null
        ${accountId ? sql`and account_id <> ${accountId}` : sql``}
    ) t
    join ${accounts} a on a.user_id = t.user_id and a.id = t.account_id
    order by t.occurred_on, t.created_at, t.id`);
  return found.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    date: row.occurred_on,
    name: row.name,
    amountCents: Number(row.amount_cents),
    isIncome: row.is_income,
  }));
}
