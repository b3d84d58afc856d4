import { and, desc, eq } from 'drizzle-orm';

import {
  MESSAGES,
  parseAmountToCents,
  RECEIPT_LIST_LIMIT,
  RECEIPT_MESSAGES,
  type Receipt,
  type SaveReceiptInput,
  type Transaction,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { receipts, type ReceiptRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { accountForWrite } from '../transactions/amounts';
import { createTransaction, deleteTransaction, updateTransaction } from '../transactions/service';
import { receiptAccountsOf } from './account-units';
import { printedCurrencyOf } from './extract';
import { findOwnRow, RECEIPT_NOTE, receiptOf, receiptsOf } from './service';

// What the user does with a receipt once it was read: see the list, check and save the fields, discard it.

type Owned = { userId: string };
export type SaveReceiptParams = SaveReceiptInput & Owned & { timeZone: string };

/** The user's recent receipts, newest first, with their status and what was read. */
export async function listReceipts({ db }: Pick<AppDeps, 'db'>, { userId }: Owned): Promise<Receipt[]> {
  const rows = await db
    .select()
    .from(receipts)
    .where(eq(receipts.userId, userId))
    .orderBy(desc(receipts.createdAt), desc(receipts.id))
    .limit(RECEIPT_LIST_LIMIT);
  return receiptsOf(db, userId, rows);
}

/**
 * Records the reviewed fields: creates the receipt's expense, or corrects the one it already has (an
 * expense the user deleted meanwhile is created again). The receipt then holds what the user saved, and
 * its doubts are settled. A receipt still being read cannot be saved yet (409).
 */
export async function saveReceipt(
  deps: Pick<AppDeps, 'db' | 'now'>,
  {
    userId,
    timeZone,
    id,
    name,
    category,
    amount,
    date,
    printedAmount,
    printedCurrency,
    accountId,
    splits,
  }: SaveReceiptParams,
): Promise<{ receipt: Receipt; transaction: Transaction; outcome: 'created' | 'updated' }> {
  return deps.db.transaction(async (tx) => {
    const current = await findOwnRow(tx, userId, id, { lock: true });
    if (current.status === 'processing') throw new AppError('CONFLICT', RECEIPT_MESSAGES.stillReading);
    // The account the user chose; else the one the review showed (the saved expense's, the one named at
    // upload, one in the receipt's currency, or the first open one).
    const target =
      accountId ?? (await receiptAccountsOf(tx, userId, [current])).get(current.id)?.accountId ?? undefined;
    const fields = {
      name,
      category,
      amount,
      date,
      isIncome: false,
      ...(target ? { accountId: target } : {}),
      // Split by the receipt's items when the user kept the lines the review proposed (or typed their own).
      ...(splits ? { splits } : {}),
      // Without a printed total the receipt is in the account's currency: a correction clears what an
      // earlier save kept as paid in another.
      ...(printedAmount === undefined
        ? { originalAmount: null, originalCurrency: null }
        : await paidInReceiptCurrency(tx, userId, current, {
            printedAmount,
            printedCurrency,
            accountId: target,
          })),
    };
    const txDeps = { db: tx, now: deps.now };
    const corrected = current.transactionId
      ? await updateTransaction(txDeps, { userId, id: current.transactionId, changes: fields }).catch(
          ignoreNotFound,
        )
      : undefined;
    const transaction =
      corrected ?? (await createTransaction(txDeps, { userId, timeZone, ...fields, note: RECEIPT_NOTE }));
    const [row] = await tx
      .update(receipts)
      .set({
        status: 'done',
        merchant: transaction.name,
        // The receipt keeps hundredths of what was typed (its reading's unit), whatever the account's currency:
        // the printed total of a receipt in another currency.
        amountCents: hundredthsOf(printedAmount ?? amount) ?? current.amountCents,
        category: transaction.category,
        occurredOn: transaction.date,
        confidence: null,
        doubts: [],
        failureReason: null,
        transactionId: transaction.id,
      })
      .where(and(eq(receipts.id, current.id), eq(receipts.userId, userId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', RECEIPT_MESSAGES.notFound);
    return { receipt: await receiptOf(tx, row), transaction, outcome: corrected ? 'updated' : 'created' };
  });
}

/**
 * The Undo offered after a receipt recorded its expense on its own: the expense is deleted (a soft
 * delete, like any other) and the receipt goes back to waiting for review, so nothing read is lost and
 * the user can still check and save it, or discard it. An expense the user already deleted is fine.
 */
export async function undoReceiptExpense(
  deps: Pick<AppDeps, 'db' | 'now'>,
  { userId, id }: Owned & { id: string },
): Promise<Receipt> {
  return deps.db.transaction(async (tx) => {
    const current = await findOwnRow(tx, userId, id, { lock: true });
    if (!current.transactionId) throw new AppError('CONFLICT', RECEIPT_MESSAGES.nothingToUndo);
    await deleteTransaction({ db: tx, now: deps.now }, { userId, id: current.transactionId }).catch(
      ignoreNotFound,
    );
    const [row] = await tx
      .update(receipts)
      .set({ status: 'needs_review', transactionId: null })
      .where(and(eq(receipts.id, current.id), eq(receipts.userId, userId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', RECEIPT_MESSAGES.notFound);
    return receiptOf(tx, row);
  });
}

/** Removes the receipt and its file. An expense created from it stays: it is the user's record now. */
export async function discardReceipt(
  { db, files }: Pick<AppDeps, 'db' | 'files'>,
  { userId, id }: Owned & { id: string },
): Promise<{ id: string }> {
  const row = await findOwnRow(db, userId, id);
  await db.delete(receipts).where(and(eq(receipts.id, row.id), eq(receipts.userId, userId)));
  await files.remove(row.fileKey);
  return { id: row.id };
}

/**
 * The total as printed in the receipt's own currency, kept on the expense as what was paid in it: the
 * currency the user chose, else the one read. The transaction's rules refuse it when that currency is the
 * account's own.
 */
async function paidInReceiptCurrency(
  db: Queryable,
  userId: string,
  receipt: ReceiptRow,
  {
    printedAmount,
    printedCurrency,
    accountId,
  }: { printedAmount: string; printedCurrency?: string | undefined; accountId?: string | undefined },
) {
  const currency = printedCurrency ?? (await readCurrencyOf(db, userId, receipt, accountId));
  if (!currency) throw new AppError('BAD_REQUEST', RECEIPT_MESSAGES.noPrintedCurrency);
  return { originalAmount: printedAmount, originalCurrency: currency };
}

/** The currency read on the receipt, for the account its expense goes to (a plain "$" is that account's). */
async function readCurrencyOf(db: Queryable, userId: string, receipt: ReceiptRow, accountId?: string) {
  const account = await accountForWrite(db, userId, accountId);
  return printedCurrencyOf(receipt.rawText, account.currency);
}

/** "1500" as 150000 hundredths; undefined for an amount finer than hundredths (1.234 dinars). */
function hundredthsOf(amount: string): number | undefined {
  const read = parseAmountToCents(amount);
  return read.ok ? read.cents : undefined;
}

/**
 * An expense deleted since the receipt was saved is simply created again. Only that refusal: an account
 * not found (another user's) stays a refusal.
 */
function ignoreNotFound(error: unknown): undefined {
  if (
    error instanceof AppError &&
    error.code === 'NOT_FOUND' &&
    error.message === MESSAGES.transactionNotFound
  )
    return undefined;
  throw error;
}
