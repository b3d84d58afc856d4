import { asc, inArray, sql, type Placeholder } from 'drizzle-orm';

import { categoryKindOf, SPLIT_CATEGORY, splitLinesProblem } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactions, transactionSplits } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { resolveCategory } from '../categories/resolve';

/*
 * The lines of split transactions. A row's lines are always written whole (all removed, all inserted):
 * the totals trigger of the lines then counts a row once per category (migration 0030).
 */

/** A line as writers give it: category as typed, positive amount in the minor unit of the row's currency. */
export type LedgerSplitLine = { category: string; amountCents: number; note?: string | undefined };

/** A line as read back; its decimal `amount` needs the row's currency, so `toTransaction` adds it. */
export type StoredSplitLine = { category: string; amountCents: number; note: string };

/** Refuses lines that do not split `amountCents` exactly (2 to 50 lines adding up to the cent). */
export function assertSplitAddsUp(amountCents: number, lines: readonly LedgerSplitLine[]): void {
  const problem = splitLinesProblem(
    amountCents,
    lines.map((line) => line.amountCents),
  );
  if (problem) throw new AppError('BAD_REQUEST', problem);
}

/** Writes the lines of rows that have none yet (categories already spelled), in one statement. */
export async function insertSplitLines(
  db: Queryable,
  userId: string,
  rows: readonly { transactionId: string; lines: readonly LedgerSplitLine[] }[],
): Promise<void> {
  const lines = rows.flatMap(({ transactionId, lines }) =>
    lines.map((line, index) => ({
      transaction_id: transactionId,
      line_no: index + 1,
      category: line.category,
      amount_cents: line.amountCents,
      note: line.note ?? '',
    })),
  );
  if (lines.length === 0) return;
  await db.execute(sql`
    insert into ${transactionSplits} (transaction_id, user_id, line_no, category, amount_cents, note)
    select r.transaction_id, ${userId}, r.line_no, r.category, r.amount_cents, r.note
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as r(transaction_id uuid, line_no smallint,
      category text, amount_cents bigint, note text)`);
}

/**
 * Replaces one row's lines (none: the row is no longer split). Line categories are spelled like the row's
 * own (the kind follows `isIncome`). The caller sets the row's `is_split` and checks the amounts.
 */
export async function replaceSplitLines(
  db: Queryable,
  {
    userId,
    transactionId,
    isIncome,
    lines,
  }: { userId: string; transactionId: string; isIncome: boolean; lines: readonly LedgerSplitLine[] },
): Promise<void> {
  await db.delete(transactionSplits).where(sql`${transactionSplits.transactionId} = ${transactionId}`);
  const kind = categoryKindOf(isIncome);
  const spelled: LedgerSplitLine[] = [];
  for (const line of lines)
    spelled.push({ ...line, category: await resolveCategory({ db }, { userId, kind, name: line.category }) });
  await insertSplitLines(db, userId, [{ transactionId, lines: spelled }]);
}

/** The lines of the given rows, in their order; rows without lines are absent. */
export async function splitLinesOf(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, StoredSplitLine[]>> {
  const found = new Map<string, StoredSplitLine[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(transactionSplits)
    .where(inArray(transactionSplits.transactionId, [...ids]))
    .orderBy(asc(transactionSplits.transactionId), asc(transactionSplits.lineNo));
  for (const row of rows) {
    const lines = found.get(row.transactionId) ?? [];
    lines.push(toSplitLine(row));
    found.set(row.transactionId, lines);
  }
  return found;
}

function toSplitLine(row: StoredSplitLine): StoredSplitLine {
  return { category: row.category, amountCents: row.amountCents, note: row.note };
}

/**
 * A row's lines as JSON, read by the statement that reads the row (a list page): only split rows probe
 * the lines' index. Spelled with the table's name: drizzle leaves the outer row's columns unqualified.
 */
export const splitLinesJson = sql<StoredSplitLine[]>`case
  when transactions.is_split then (select coalesce(json_agg(json_build_object('category', s.category,
    'amountCents', s.amount_cents, 'note', s.note) order by s.line_no),
    '[]'::json)
    from transaction_splits s where s.transaction_id = transactions.id)
  else '[]'::json end`;

/**
 * A category filter: rows of that category, and split rows with a line of it (a row's category is "Split"
 * then, so both are found from the list's category index).
 */
export function inCategory(userId: Placeholder | string, category: Placeholder | string) {
  return sql`(${transactions.category} in (${category}, ${SPLIT_CATEGORY}) and case
    when transactions.is_split then exists (select 1 from transaction_splits s
      where s.transaction_id = transactions.id and s.user_id = ${userId} and s.category = ${category})
    else ${transactions.category} = ${category} end)`;
}

/**
 * Moves the lines of a removed category (of the given kinds) to `to`. The rows having such a line get all
 * their lines rewritten (removed, then inserted renamed), as every writer of lines does, so a row with
 * lines of both categories still counts once in `to`.
 */
export async function moveSplitLines(
  db: Queryable,
  { userId, incomeFlags, name, to }: { userId: string; incomeFlags: boolean[]; name: string; to: string },
): Promise<void> {
  const removed = await db.execute<{
    transaction_id: string;
    line_no: number;
    category: string;
    amount_cents: string;
    note: string;
  }>(sql`
    delete from ${transactionSplits} l where l.transaction_id in (
      select s.transaction_id from ${transactionSplits} s join ${transactions} t on t.id = s.transaction_id
      where s.user_id = ${userId} and lower(s.category) = lower(${name})
        and t.is_income in ${incomeFlags})
    returning l.transaction_id, l.line_no, l.category, l.amount_cents, l.note`);
  const byRow = new Map<string, LedgerSplitLine[]>();
  for (const line of [...removed].sort((a, b) => a.line_no - b.line_no)) {
    const lines = byRow.get(line.transaction_id) ?? [];
    const renamed = line.category.toLowerCase() === name.toLowerCase() ? to : line.category;
    lines.push({ category: renamed, amountCents: Number(line.amount_cents), note: line.note });
    byRow.set(line.transaction_id, lines);
  }
  await insertSplitLines(
    db,
    userId,
    [...byRow].map(([transactionId, lines]) => ({ transactionId, lines })),
  );
}
