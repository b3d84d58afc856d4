import { sql } from 'drizzle-orm';

import { TRANSFER_MATCH_DAYS, type TransferMatch } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { accounts, transactions } from '../../db/schema';

type Side = { date: string; amountCents: number; isIncome: boolean };
export type TransferCandidate = Side & TransferMatch;

const DAY_MS = 86_400_000;
/** Days between two calendar dates (YYYY-MM-DD), counted in UTC so no time zone moves them. */
const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS;

/**
 * For each row, the index of the saved row that is its other side: same amount, the other direction,
 * booked at most TRANSFER_MATCH_DAYS apart, the nearest in days first. Each saved row pairs once, so
 * two equal transfers in a week pair one to one.
 */
export function pairTransfers(rows: readonly Side[], candidates: readonly Side[]): (number | undefined)[] {
  const used = new Set<number>();
  return rows.map((row) => {
    let best: number | undefined;
    let bestDays = Infinity;
    candidates.forEach((candidate, index) => {
      if (used.has(index) || candidate.amountCents !== row.amountCents || candidate.isIncome === row.isIncome)
        return;
      const days = daysApart(candidate.date, row.date);
      if (days <= TRANSFER_MATCH_DAYS && days < bestDays) {
        best = index;
        bestDays = days;
      }
    });
    if (best !== undefined) used.add(best);
    return best;
  });
}

const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

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
  let first = rows[0]?.date ?? '';
  let last = first;
  for (const row of rows) {
    if (row.date < first) first = row.date;
    if (row.date > last) last = row.date;
  }
  const amounts = JSON.stringify([...new Set(rows.map((row) => row.amountCents))]);
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
    from ${transactions} t join ${accounts} a on a.user_id = t.user_id and a.id = t.account_id
    where t.user_id = ${userId} and t.deleted_at is null and t.transfer_id is null
      ${accountId ? sql`and t.account_id <> ${accountId}` : sql``}
      and t.occurred_on between ${shiftDays(first, -TRANSFER_MATCH_DAYS)} and ${shiftDays(last, TRANSFER_MATCH_DAYS)}
      and t.amount_cents in (select jsonb_array_elements_text(${amounts}::jsonb)::bigint)
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
