import { and, eq, isNull, sql } from 'drizzle-orm';

import {
  ACCOUNT_MESSAGES,
  appendedNote,
  categoryKindOf,
  mergedTagNames,
  MESSAGES,
  NOTE_MAX_LENGTH,
  SPLIT_MESSAGES,
  tagKey,
  TRANSACTION_LIST_MESSAGES,
  type BulkEditChanges,
  type BulkEditedRow,
  type BulkEditResult,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactions } from '../../db/schema';
import { isAnyOf } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { assertDatesInRange } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { distinctUuids } from '../../lib/ids';
import { resolveCategory } from '../categories/resolve';
import { assertOpenAccounts, placedIn } from './ledger';
import { addTags, removeTags, restoreTags, tagsOfRows } from './tags/tagging';

type Owned = { userId: string };
export type BulkEditParams = Owned & { ids: string[]; set: BulkEditChanges; preview?: boolean };
export type UndoBulkEditParams = Owned & { rows: BulkEditedRow[] };
/** A row as locked for the edit: what the undo gets back, and the currency its amount is in. */
type LockedRow = BulkEditedRow & { currency: string };

/**
 * Sets the same fields on all the given transactions, or on none: an unknown, another user's, deleted or
 * malformed id, or a transfer leg, refuses the whole request. Transfers are refused rather than half-edited:
 * a leg's category and direction are the transfer's own, and its date and account belong to both legs
 * (the transfer form edits them together). Returns the changed rows as they were, for the undo; a preview
 * only counts them. Rows the edit would leave as they are count as unchanged and are not written.
 */
export async function bulkEditTransactions(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, ids, set, preview = false }: BulkEditParams,
): Promise<BulkEditResult> {
  const wanted = distinctUuids(ids);
  if (!wanted) throw new AppError('NOT_FOUND', MESSAGES.someTransactionsNotFound);
  assertDatesInRange(now, [set.date]);
  return db.transaction(async (tx) => {
    // A split row's category and kind live in its lines: the bulk edit cannot set them (nor undo them).
    const refuseSplit = set.category !== undefined || set.isIncome !== undefined;
    const current = await lockedRows(tx, userId, wanted, refuseSplit);
    if (set.accountId !== undefined) await assertOpenAccounts(tx, userId, [set.accountId]);
    const next = current.map((row) => edited(row, set));
    if (next.some((row) => row.note.length > NOTE_MAX_LENGTH))
      throw new AppError('BAD_REQUEST', TRANSACTION_LIST_MESSAGES.bulkEditNoteTooLong);
    const changed = next.filter((row, index) => differs(row, current[index] as BulkEditedRow));
    const changedIds = new Set(changed.map((row) => row.id));
    const before = current
      .filter((row) => changedIds.has(row.id))
      .map(({ currency: _currency, ...row }) => row);
    if (preview || changed.length === 0) return { changedCount: changed.length, before: [] };
    await writeRows(tx, userId, changed, currencyOfRows(current));
    const ids = changed.map((row) => row.id);
    await addTags(tx, { userId, ids, names: set.addTags ?? [] });
    await removeTags(tx, { userId, ids, names: set.removeTags ?? [] });
    return { changedCount: changed.length, before };
  });
}

/**
 * Writes back the rows a bulk edit returned as they were. All or nothing like the edit: a row since
 * deleted, or an account since closed, refuses it, and the user sees why.
 */
export async function undoBulkEdit(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, rows }: UndoBulkEditParams,
): Promise<{ restoredCount: number }> {
  const wanted = distinctUuids(rows.map((row) => row.id));
  if (!wanted || wanted.length !== rows.length)
    throw new AppError('NOT_FOUND', MESSAGES.someTransactionsNotFound);
  assertDatesInRange(
    now,
    rows.map((row) => row.date),
  );
  return db.transaction(async (tx) => {
    const current = await lockedRows(tx, userId, wanted);
    await assertOpenAccounts(tx, userId, [...new Set(rows.map((row) => row.accountId))]);
    await writeRows(tx, userId, rows, currencyOfRows(current));
    await restoreTags(tx, {
      userId,
      rows: rows.flatMap((row) => (row.tags ? [{ id: row.id, tags: row.tags }] : [])),
    });
    return { restoredCount: rows.length };
  });
}

/** The user's live, non-transfer rows of `ids`, locked until the write; any other id refuses the request. */
async function lockedRows(
  tx: Queryable,
  userId: string,
  ids: string[],
  refuseSplit = false,
): Promise<LockedRow[]> {
  const rows = await tx
    .select({
      id: transactions.id,
      category: transactions.category,
      accountId: transactions.accountId,
      isIncome: transactions.isIncome,
      date: transactions.occurredOn,
      note: transactions.note,
      currency: transactions.currency,
      transferId: transactions.transferId,
      isSplit: transactions.isSplit,
    })
    .from(transactions)
    .where(
      and(eq(transactions.userId, userId), isNull(transactions.deletedAt), isAnyOf(transactions.id, ids)),
    )
    .orderBy(transactions.id)
    .for('update');
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND', MESSAGES.someTransactionsNotFound);
  if (rows.some((row) => row.transferId !== null))
    throw new AppError('CONFLICT', TRANSACTION_LIST_MESSAGES.bulkEditTransfers);
  if (refuseSplit && rows.some((row) => row.isSplit))
    throw new AppError('CONFLICT', SPLIT_MESSAGES.bulkEditCategory);
  const tagsOf = await tagsOfRows(tx, ids);
  return rows.map(({ transferId: _transferId, isSplit: _isSplit, ...row }) => ({
    ...row,
    tags: tagsOf.get(row.id) ?? [],
  }));
}

function currencyOfRows(rows: readonly LockedRow[]): Map<string, string> {
  return new Map(rows.map((row) => [row.id, row.currency]));
}

function edited(row: BulkEditedRow, set: BulkEditChanges): BulkEditedRow {
  return {
    id: row.id,
    category: set.category ?? row.category,
    accountId: set.accountId ?? row.accountId,
    isIncome: set.isIncome ?? row.isIncome,
    date: set.date ?? row.date,
    note: !set.note
      ? row.note
      : set.note.mode === 'replace'
        ? set.note.text
        : appendedNote(row.note, set.note.text),
    tags: editedTags(row.tags ?? [], set),
  };
}

/** The row's tags with `addTags` given and `removeTags` taken off (removing wins when a tag is in both). */
function editedTags(current: string[], set: BulkEditChanges): string[] {
  const removed = new Set((set.removeTags ?? []).map(tagKey));
  return mergedTagNames(current, set.addTags ?? []).filter((name) => !removed.has(tagKey(name)));
}

function sameTags(a: string[] = [], b: string[] = []): boolean {
  const keys = (names: string[]) => names.map(tagKey).sort().join(',');
  return keys(a) === keys(b);
}

function differs(a: BulkEditedRow, b: BulkEditedRow): boolean {
  return (
    a.category.toLowerCase() !== b.category.toLowerCase() ||
    a.accountId !== b.accountId ||
    a.isIncome !== b.isIncome ||
    a.date !== b.date ||
    a.note !== b.note ||
    !sameTags(a.tags, b.tags)
  );
}

/**
 * One UPDATE for all rows (the totals triggers then run once, for the whole statement). Each category is
 * spelled as the ledger spells it for the row's direction (creating a custom one the first time), and a row
 * carries its account's "on budget", which the totals read. `currencyOf` holds each locked row's currency.
 * The new values travel as one JSON parameter: a thousand rows of seven VALUES parameters each cost more to
 * build and plan than the update itself.
 */
async function writeRows(
  tx: Queryable,
  userId: string,
  rows: BulkEditedRow[],
  currencyOf: ReadonlyMap<string, string>,
): Promise<void> {
  const spelled = new Map<string, string>();
  for (const row of rows) {
    const kind = categoryKindOf(row.isIncome);
    const key = `${kind} ${row.category.toLowerCase()}`;
    if (!spelled.has(key))
      spelled.set(key, await resolveCategory({ db: tx }, { userId, kind, name: row.category }));
  }
  const accounts = new Map<string, { onBudget: boolean; currency: string }>();
  for (const accountId of new Set(rows.map((row) => row.accountId)))
    accounts.set(accountId, await placedIn(tx, accountId));
  // A row keeps its amount, so it may only move to an account in its own currency (1,500 yen moved to a
  // dollar account would become $1,500).
  if (rows.some((row) => accounts.get(row.accountId)?.currency !== currencyOf.get(row.id.toLowerCase())))
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.moveAcrossCurrencies);
  // JSON text may not hold half an emoji (PostgreSQL refuses "\ud800"): such a half becomes U+FFFD, as it
  // did when each value was a text parameter.
  const values = rows.map((row) => ({
    id: row.id,
    category: wellFormed(spelled.get(`${categoryKindOf(row.isIncome)} ${row.category.toLowerCase()}`) ?? ''),
    is_income: row.isIncome,
    account_id: row.accountId,
    on_budget: accounts.get(row.accountId)?.onBudget,
    occurred_on: row.date,
    note: wellFormed(row.note),
  }));
  // A bank's id is unique within an account: a row moved into an account that already holds its id (or
  // moved there with another row carrying the same id, as FITID "00002" of two accounts) forgets it.
  await tx.execute(sql`update ${transactions} t set
      category = v.category, is_income = v.is_income, account_id = v.account_id, on_budget = v.on_budget,
      occurred_on = v.occurred_on, note = v.note, updated_at = now(),
      bank_id = case
        when t.account_id = v.account_id or t.bank_id is null then t.bank_id
        when v.nth > 1 then null
        when exists (select 1 from ${transactions} o where o.account_id = v.account_id and o.bank_id = t.bank_id)
          then null
        else t.bank_id end
    from (
      select e.*, row_number() over (partition by e.account_id, r.bank_id order by e.id) as nth
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as e(id uuid, category text, is_income boolean, account_id uuid, on_budget boolean, occurred_on date, note text)
      join ${transactions} r on r.id = e.id
    ) as v
    where t.id = v.id and t.user_id = ${userId} and t.deleted_at is null`);
}

/** The text with any lone half of a surrogate pair replaced by U+FFFD (String#toWellFormed, ES2024). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
