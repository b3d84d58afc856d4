import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';

import {
  categoryKindOf,
  centsToNumber,
  MESSAGES,
  todayInTimeZone,
  type CreateTransactionInput,
  type Transaction,
  type TransactionChanges,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactions, type TransactionRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertDatesInRange } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { distinctUuids, isUuid } from '../../lib/ids';
import { definedOnly, only } from '../../lib/rows';
import { resolveCategory } from '../categories/resolve';

/** db may be a transaction: a caller can make the write part of a larger one. */
type TransactionDeps = Pick<AppDeps, 'now'> & { db: Queryable };
type Owned = { userId: string };
type WithId = Owned & { id: string };
type WithIds = Owned & { ids: string[] };
export type CreateTransactionParams = CreateTransactionInput & Owned & { timeZone: string };
export type UpdateTransactionParams = WithId & { changes: TransactionChanges };

export async function createTransaction(
  { db, now }: TransactionDeps,
  { userId, timeZone, date, ...fields }: CreateTransactionParams,
): Promise<Transaction> {
  assertDatesInRange(now, [date]);
  return db.transaction(async (tx) => {
    const category = await resolveCategory(
      { db: tx },
      {
        userId,
        kind: categoryKindOf(fields.isIncome),
        name: fields.category,
      },
    );
    // No date means today where the user is, not on the server's clock or in UTC.
    const occurredOn = date ?? todayInTimeZone(timeZone, now());
    const rows = await tx
      .insert(transactions)
      .values({ ...fields, userId, category, occurredOn })
      .returning();
    return toTransaction(only(rows));
  });
}

export async function getTransaction(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id }: WithId,
): Promise<Transaction> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(transactions).where(activeRow(userId, id));
  if (!row) throw notFound();
  return toTransaction(row);
}

/**
 * Applies the given changes to one of the user's live transactions. tRPC sends every field (a full
 * update); the legacy PUT only those it has. Either way a sent value is applied as it is, so a note can
 * be cleared, and a deleted transaction cannot be edited.
 */
export async function updateTransaction(
  { db, now }: TransactionDeps,
  { userId, id, changes }: UpdateTransactionParams,
): Promise<Transaction> {
  if (!isUuid(id)) throw notFound();
  assertDatesInRange(now, [changes.date]);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(transactions).where(activeRow(userId, id)).for('update');
    if (!current) throw notFound();
    const { date, ...fields } = changes;
    const next: Partial<TransactionRow> = { ...definedOnly(fields), ...(date ? { occurredOn: date } : {}) };
    if (changes.category !== undefined || changes.isIncome !== undefined) {
      next.category = await resolveCategory(
        { db: tx },
        {
          userId,
          kind: categoryKindOf(changes.isIncome ?? current.isIncome),
          name: changes.category ?? current.category,
        },
      );
    }
    if (Object.keys(next).length === 0) return toTransaction(current);
    const rows = await tx.update(transactions).set(next).where(eq(transactions.id, current.id)).returning();
    return toTransaction(only(rows));
  });
}

/** A soft delete: the row stays (restorable) until the purge job removes it. */
export async function deleteTransaction(
  { db, now }: TransactionDeps,
  { userId, id }: WithId,
): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(transactions)
    .set({ deletedAt: now() })
    .where(activeRow(userId, id))
    .returning({ id: transactions.id });
  if (!row) throw notFound();
  return row;
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
          inArray(transactions.id, wanted),
        ),
      )
      .returning({ id: transactions.id });
    // Throwing inside the transaction rolls the partial update back.
    if (rows.length !== wanted.length) throw new AppError('NOT_FOUND', MESSAGES.someTransactionsNotFound);
    return { deletedCount: rows.length };
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
        inArray(transactions.id, wanted),
      ),
    )
    .returning({ id: transactions.id });
  return { restoredCount: rows.length };
}

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    amount: centsToNumber(row.amountCents),
    amountCents: row.amountCents,
    isIncome: row.isIncome,
    date: row.occurredOn,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function activeRow(userId: string, id: string) {
  return and(eq(transactions.id, id), eq(transactions.userId, userId), isNull(transactions.deletedAt));
}

function notFound() {
  return new AppError('NOT_FOUND', MESSAGES.transactionNotFound);
}
