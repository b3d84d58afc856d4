import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';

import {
  ACCOUNT_MESSAGES,
  categoryKindOf,
  hashtagsIn,
  mergedTagNames,
  MESSAGES,
  minorToNumber,
  SPLIT_CATEGORY,
  SPLIT_MESSAGES,
  todayInTimeZone,
  type CreateTransactionInput,
  type SplitLine,
  type TaggedTransaction,
  type Transaction,
  type TransactionChanges,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { payees, transactions, type TransactionRow } from '../../db/schema';
import { isAnyOf } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { assertDatesInRange } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { distinctUuids, isUuid } from '../../lib/ids';
import { definedOnly, only } from '../../lib/rows';
import { resolveCategory } from '../categories/resolve';
import { resolvePayees } from '../payees/resolve';
import {
  accountForWrite,
  amountOf,
  originalOf,
  splitLinesIn,
  type GivenAmount,
  type LedgerChanges,
} from './amounts';
import { assertOpenAccounts, bankIdMovedInto, insertLedgerRows, placedIn, writtenRows } from './ledger';
import {
  assertSplitAddsUp,
  replaceSplitLines,
  splitLinesOf,
  type LedgerSplitLine,
  type StoredSplitLine,
} from './splits';
import { addTags, replaceTags, tagsOfRows } from './tags/tagging';
import { updateTransferLeg } from './transfer-legs';

/** db may be a transaction: a caller can make the write part of a larger one. */
type TransactionDeps = Pick<AppDeps, 'now'> & { db: Queryable };
type Owned = { userId: string };
type WithId = Owned & { id: string };
type WithIds = Owned & { ids: string[] };
/**
 * Tags may be left out by internal writers (a receipt's review): the note's `#tags` still count. The
 * amount is the wire's decimal `amount` (read in the account's currency) or, from an internal writer
 * that already holds minor units, `amountCents`.
 */
export type CreateTransactionParams = Omit<CreateTransactionInput, 'tags' | 'amount'> &
  GivenAmount &
  Owned & { timeZone: string; tags?: string[] };
export type TransactionEdit = Omit<TransactionChanges, 'amount'> & GivenAmount;
export type UpdateTransactionParams = WithId & { changes: TransactionEdit };

/**
 * One row typed in a form (or sent by a program), written by the ledger's one insert path. Its tags are
 * those given and the note's `#tags`.
 */
export async function createTransaction(
  { db, now }: TransactionDeps,
  {
    userId,
    timeZone,
    date,
    tags = [],
    amount,
    amountCents,
    originalAmount,
    originalCurrency,
    splits,
    ...fields
  }: CreateTransactionParams,
): Promise<TaggedTransaction> {
  return db.transaction(async (tx) => {
    const account = await accountForWrite(tx, userId, fields.accountId);
    const row = {
      ...fields,
      accountId: account.id,
      amountCents: amountOf({ amount, amountCents }, account.currency),
      ...originalOf({ originalAmount, originalCurrency }, account.currency),
      ...(splits ? { splits: splitLinesIn(splits, account.currency) } : {}),
      // No date means today where the user is, not on the server's clock or in UTC.
      date: date ?? todayInTimeZone(timeZone, now()),
    };
    const ids = await insertLedgerRows({ db: tx, now }, { userId, rows: [row] });
    await addTags(tx, { userId, ids, names: mergedTagNames(tags, hashtagsIn(fields.note)) });
    return withTags(tx, toTransaction(only(await writtenRows(tx, ids))));
  });
}

export async function getTransaction(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id }: WithId,
): Promise<TaggedTransaction> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(transactions).where(activeRow(userId, id));
  if (!row) throw notFound();
  return withTags(db, toTransaction(row));
}

/**
 * Applies the given changes to one of the user's live transactions. tRPC sends every field (a full
 * update); the legacy PUT only those it has. Either way a sent value is applied as it is, so a note can
 * be cleared, and a deleted transaction cannot be edited. Sent tags replace the row's (with the note's
 * `#tags`); without them, a sent note's `#tags` are added to those it has.
 */
export async function updateTransaction(
  deps: TransactionDeps,
  { userId, id, changes: { tags, ...changes } }: UpdateTransactionParams,
): Promise<TaggedTransaction> {
  return deps.db.transaction(async (tx) => {
    const updated = await updateFields({ ...deps, db: tx }, { userId, id, changes });
    const noted = hashtagsIn(changes.note ?? (tags ? updated.note : ''));
    if (tags) await replaceTags(tx, { userId, id, names: mergedTagNames(tags, noted) });
    else await addTags(tx, { userId, ids: [id], names: noted });
    return withTags(tx, updated);
  });
}

async function updateFields(
  { db, now }: TransactionDeps,
  { userId, id, changes: edit }: UpdateTransactionParams,
): Promise<Transaction> {
  if (!isUuid(id)) throw notFound();
  assertDatesInRange(now, [edit.date]);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(transactions).where(activeRow(userId, id)).for('update');
    if (!current) throw notFound();
    const moved = edit.accountId !== undefined && edit.accountId !== current.accountId;
    if (moved) await assertOpenAccounts(tx, userId, [edit.accountId ?? '']);
    const changes = await inCurrencyOf(tx, userId, current, edit);
    const { date, accountId, payee, splits, ...fields } = changes;
    if (current.transferId) {
      if (splits && splits.length > 0) throw new AppError('BAD_REQUEST', SPLIT_MESSAGES.transfer);
      const { splits: _lines, ...legChanges } = changes;
      return toTransaction(await updateTransferLeg(tx, current, legChanges));
    }
    const lines = await nextSplitLines(tx, current, changes);
    const next: PgUpdateSetSource<typeof transactions> = {
      ...definedOnly(fields),
      ...(payee === undefined ? {} : { payeeId: await payeeIdOf(tx, userId, payee) }),
      ...(date ? { occurredOn: date } : {}),
      ...(moved && accountId
        ? { ...(await placedIn(tx, accountId)), bankId: bankIdMovedInto(accountId) }
        : {}),
    };
    if (lines && lines.length > 0) {
      next.isSplit = true;
      next.category = SPLIT_CATEGORY;
    } else if (changes.category !== undefined || changes.isIncome !== undefined || lines) {
      if (lines) next.isSplit = false;
      next.category = await resolveCategory(
        { db: tx },
        {
          userId,
          kind: categoryKindOf(changes.isIncome ?? current.isIncome),
          name: changes.category ?? current.category,
        },
      );
    }
    const row =
      Object.keys(next).length === 0
        ? current
        : only(await tx.update(transactions).set(next).where(eq(transactions.id, current.id)).returning());
    // After the row: its lines' trigger counts them where the row now is (migration 0030).
    if (lines) {
      const isIncome = changes.isIncome ?? current.isIncome;
      await replaceSplitLines(tx, { userId, transactionId: current.id, isIncome, lines });
    }
    return toTransaction(row, (await splitLinesOf(tx, [row.id])).get(row.id));
  });
}

/**
 * The lines an edit writes: those sent (none ends a split); or, for a split row edited without lines, none
 * when another category is chosen, its own again when its kind changes (spelled for the new kind), and
 * undefined (kept) otherwise. Lines that stay must still add up to the row's amount.
 */
async function nextSplitLines(
  db: Queryable,
  current: TransactionRow,
  changes: LedgerChanges,
): Promise<readonly LedgerSplitLine[] | undefined> {
  const amountCents = changes.amountCents ?? current.amountCents;
  if (changes.splits !== undefined) {
    const lines = changes.splits ?? [];
    if (lines.length > 0) assertSplitAddsUp(amountCents, lines);
    return lines;
  }
  if (!current.isSplit) return undefined;
  if (endsSplit(changes)) return [];
  const kept = (await splitLinesOf(db, [current.id])).get(current.id) ?? [];
  assertSplitAddsUp(amountCents, kept);
  const kindChanged = changes.isIncome !== undefined && changes.isIncome !== current.isIncome;
  return kindChanged ? kept : undefined;
}

/** Another category than "Split" sent without lines: the split row becomes a plain one. */
function endsSplit(changes: { category?: string | undefined }): boolean {
  return changes.category !== undefined && changes.category.toLowerCase() !== SPLIT_CATEGORY.toLowerCase();
}

/**
 * The edit's amounts in minor units of the currency of the account the row ends up in. A row moved to
 * an account in another currency needs its amount in that currency: the same number would mean another
 * sum (1,500 yen are not 1,500 dollars); a split row's lines too, unless the move ends the split.
 */
async function inCurrencyOf(
  tx: Queryable,
  userId: string,
  current: TransactionRow,
  { amount, amountCents, originalAmount, originalCurrency, splits, ...rest }: TransactionEdit,
): Promise<LedgerChanges> {
  const target =
    rest.accountId === undefined || rest.accountId === current.accountId
      ? { currency: current.currency }
      : await accountForWrite(tx, userId, rest.accountId);
  const given = amount !== undefined || amountCents !== undefined;
  const acrossCurrencies = target.currency !== current.currency;
  if (acrossCurrencies && !given) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.moveAcrossCurrencies);
  if (acrossCurrencies && current.isSplit && splits === undefined && !endsSplit(rest))
    throw new AppError('BAD_REQUEST', SPLIT_MESSAGES.moveAcrossCurrencies);
  return {
    ...rest,
    ...(given ? { amountCents: amountOf({ amount, amountCents }, target.currency) } : {}),
    ...originalOf({ originalAmount, originalCurrency }, target.currency),
    ...(splits === undefined ? {} : { splits: splits && splitLinesIn(splits, target.currency) }),
  };
}

/**
 * A soft delete: the row stays (restorable) until the purge job removes it. A transfer's two legs go
 * together.
 */
export async function deleteTransaction(
  { db, now }: TransactionDeps,
  { userId, id }: WithId,
): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  const rows = await db
    .update(transactions)
    .set({ deletedAt: now() })
    .where(
      and(eq(transactions.userId, userId), isNull(transactions.deletedAt), withTransferLegs(userId, [id])),
    )
    .returning({ id: transactions.id });
  if (!rows.some((row) => row.id === id)) throw notFound();
  return { id };
}

/**
 * Soft-deletes all the given transactions or none: one unknown, foreign, malformed or already deleted id
 * refuses the whole request, so the client never half-applies a selection. Repeated ids count once.
 */
export async function deleteTransactions(
  { db, now }: TransactionDeps,
  { userId, ids }: WithIds,
): Promise<{ deletedCount: number }> {
  const wanted = distinctUuids(ids);
  if (!wanted) throw new AppError('NOT_FOUND', MESSAGES.someTransactionsNotFound);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(transactions)
      .set({ deletedAt: now() })
      .where(
        and(
          eq(transactions.userId, userId),
          isNull(transactions.deletedAt),
          withTransferLegs(userId, wanted),
        ),
      )
      .returning({ id: transactions.id });
    // Throwing inside the transaction rolls the partial update back.
    const deleted = new Set(rows.map((row) => row.id));
    if (!wanted.every((id) => deleted.has(id)))
      throw new AppError('NOT_FOUND', MESSAGES.someTransactionsNotFound);
    return { deletedCount: wanted.length };
  });
}

/**
 * Undoes soft deletes. Best effort by design: ids that are live, purged, foreign or malformed are skipped,
 * so an undo after a partial purge still brings back what it can.
 */
export async function restoreTransactions(
  { db }: Pick<AppDeps, 'db'>,
  { userId, ids }: WithIds,
): Promise<{ restoredCount: number }> {
  const wanted = distinctUuids(ids.filter(isUuid)) ?? [];
  if (wanted.length === 0) return { restoredCount: 0 };
  const rows = await db
    .update(transactions)
    .set({ deletedAt: null })
    .where(
      and(
        eq(transactions.userId, userId),
        isNotNull(transactions.deletedAt),
        withTransferLegs(userId, wanted),
      ),
    )
    .returning({ id: transactions.id });
  return { restoredCount: rows.filter((row) => wanted.includes(row.id)).length };
}

/** A row as reading, creating and changing one answers it: with its tags, split lines and payee's name. */
async function withTags(db: Queryable, transaction: Transaction): Promise<TaggedTransaction> {
  const found = await tagsOfRows(db, [transaction.id]);
  const lines = await splitLinesOf(db, [transaction.id]);
  const [payee] = await db
    .select({ name: payees.name })
    .from(transactions)
    .innerJoin(payees, eq(payees.id, transactions.payeeId))
    .where(eq(transactions.id, transaction.id));
  return {
    ...transaction,
    tags: found.get(transaction.id) ?? [],
    splits: inRowCurrency(lines.get(transaction.id) ?? [], transaction.currency),
    payee: payee?.name ?? null,
  };
}

/** The payee a form names (found or made), or null for none. */
async function payeeIdOf(db: Queryable, userId: string, name: string | null): Promise<string | null> {
  if (!name) return null;
  return (await resolvePayees(db, userId, [name])).get(name) ?? null;
}

/**
 * `payee` is the payee's name when the reader selected it (the list does); left out otherwise. A split
 * row's lines come from `splitLinesOf` (or the list's statement); other rows have none. Lines are in the
 * row's currency, so their decimal `amount` is made here, from their minor units and the row's currency.
 */
export function toTransaction(
  row: TransactionRow & { payee?: string | null },
  splits: readonly StoredSplitLine[] = [],
): Transaction {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    amount: minorToNumber(row.amountCents, row.currency),
    amountCents: row.amountCents,
    currency: row.currency,
    originalAmountCents: row.originalAmountMinor,
    originalCurrency: row.originalCurrency,
    isIncome: row.isIncome,
    date: row.occurredOn,
    note: row.note,
    accountId: row.accountId,
    transferId: row.transferId,
    cleared: row.cleared,
    bankPayee: row.bankPayee,
    ...(row.payee === undefined ? {} : { payee: row.payee }),
    splits: inRowCurrency(splits, row.currency),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A row's lines with their decimal `amount`: in the row's currency, like the row's own. */
function inRowCurrency(lines: readonly StoredSplitLine[], currency: string): SplitLine[] {
  return lines.map((line) => ({
    category: line.category,
    amount: minorToNumber(line.amountCents, currency),
    amountCents: line.amountCents,
    note: line.note,
  }));
}

/**
 * The rows of `ids` (checked uuids) and the other leg of any transfer among them: a transfer is deleted or
 * restored whole. The ids go as one array value (a bulk delete names a thousand).
 */
function withTransferLegs(userId: string, ids: string[]) {
  const transfersOfIds = sql`(select t.transfer_id from ${transactions} t
    where t.user_id = ${userId} and ${isAnyOf(sql`t.id`, ids)} and t.transfer_id is not null)`;
  return or(isAnyOf(transactions.id, ids), sql`${transactions.transferId} in ${transfersOfIds}`);
}

function activeRow(userId: string, id: string) {
  return and(eq(transactions.id, id), eq(transactions.userId, userId), isNull(transactions.deletedAt));
}

function notFound() {
  return new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
}
