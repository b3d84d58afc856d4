import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import {
  ACCOUNT_MESSAGES,
  TRANSFER_CATEGORY,
  type CreateTransferInput,
  type Transfer,
  type UpdateTransferInput,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactions, type TransactionRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertDatesInRange } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { minorIn } from '../transactions/amounts';
import { assertOpenAccounts, insertLedgerRows, placedIn, writtenRows } from '../transactions/ledger';
import { findOwnAccount } from './service';

type Owned = { userId: string };
type TransferDeps = Pick<AppDeps, 'db' | 'now'>;

/**
 * Money moved from one of the user's accounts to another: two linked rows (out of one, into the other)
 * written by the ledger's insert path, never counted as income or expense.
 */
export async function createTransfer(
  { db, now }: TransferDeps,
  { userId, fromAccountId, toAccountId, amount, receivedAmount, date, note }: CreateTransferInput & Owned,
): Promise<Transfer> {
  if (fromAccountId === toAccountId) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.transferSameAccount);
  return db.transaction(async (tx) => {
    const [from, to] = await Promise.all([
      findOwnAccount(tx, userId, fromAccountId),
      findOwnAccount(tx, userId, toAccountId),
    ]);
    const amounts = legAmounts({ amount, receivedAmount }, from.currency, to.currency);
    const transferId = randomUUID();
    const leg = { category: TRANSFER_CATEGORY, date, note, transferId };
    const ids = await insertLedgerRows(
      { db: tx, now },
      {
        userId,
        rows: [
          {
            ...leg,
            amountCents: amounts.sent,
            accountId: from.id,
            isIncome: false,
            name: `Transfer to ${to.name}`,
          },
          {
            ...leg,
            amountCents: amounts.received,
            accountId: to.id,
            isIncome: true,
            name: `Transfer from ${from.name}`,
          },
        ],
      },
    );
    return toTransfer(transferId, await writtenRows(tx, ids));
  });
}

/** Both legs changed together: the accounts, the amount, the day and the note. */
export async function updateTransfer(
  { db, now }: TransferDeps,
  { userId, id, fromAccountId, toAccountId, amount, receivedAmount, date, note }: UpdateTransferInput & Owned,
): Promise<Transfer> {
  if (fromAccountId === toAccountId) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.transferSameAccount);
  assertDatesInRange(now, [date]);
  return db.transaction(async (tx) => {
    const [out, into] = await legsOf(tx, userId, id);
    await assertOpenAccounts(tx, userId, [fromAccountId, toAccountId]);
    const shared = { occurredOn: date, note };
    const from = await placedIn(tx, fromAccountId);
    const to = await placedIn(tx, toAccountId);
    const amounts = legAmounts({ amount, receivedAmount }, from.currency, to.currency);
    await tx
      .update(transactions)
      .set({ ...shared, ...from, amountCents: amounts.sent })
      .where(eq(transactions.id, out.id));
    await tx
      .update(transactions)
      .set({ ...shared, ...to, amountCents: amounts.received })
      .where(eq(transactions.id, into.id));
    return toTransfer(id, await writtenRows(tx, [out.id, into.id]));
  });
}

/**
 * Each leg's amount in its account's currency. Between two currencies both amounts are stated (the
 * bank's rate and fees decide what arrives: no rate of ours is assumed); within one, one amount moves.
 */
function legAmounts(
  { amount, receivedAmount }: { amount: string; receivedAmount?: string | undefined },
  fromCurrency: string,
  toCurrency: string,
): { sent: number; received: number } {
  const sent = minorIn(amount, fromCurrency);
  if (fromCurrency !== toCurrency) {
    if (receivedAmount === undefined)
      throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.transferNeedsReceived);
    return { sent, received: minorIn(receivedAmount, toCurrency) };
  }
  if (receivedAmount !== undefined && minorIn(receivedAmount, toCurrency) !== sent)
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.transferReceivedDiffers);
  return { sent, received: sent };
}

/** Both legs go (a soft delete: the transactions' undo brings both back). */
export async function deleteTransfer(
  { db, now }: TransferDeps,
  { userId, id }: Owned & { id: string },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const legs = await legsOf(tx, userId, id);
    await tx
      .update(transactions)
      .set({ deletedAt: now() })
      .where(
        inArray(
          transactions.id,
          legs.map((leg) => leg.id),
        ),
      );
    return { id };
  });
}

/**
 * Two rows already saved (an imported withdrawal in one account and the deposit in another) made one
 * transfer: same amount, two different accounts, one out and one in. They leave income and expense.
 */
export async function linkTransfer(
  { db }: Pick<AppDeps, 'db'>,
  {
    userId,
    fromTransactionId,
    toTransactionId,
  }: Owned & { fromTransactionId: string; toTransactionId: string },
): Promise<Transfer> {
  if (!isUuid(fromTransactionId) || !isUuid(toTransactionId) || fromTransactionId === toTransactionId) {
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.notATransfer);
  }
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          isNull(transactions.deletedAt),
          inArray(transactions.id, [fromTransactionId, toTransactionId]),
        ),
      )
      .for('update');
    const out = rows.find((row) => row.id === fromTransactionId);
    const into = rows.find((row) => row.id === toTransactionId);
    if (!out || !into) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.transferNotFound);
    if (
      out.isIncome ||
      !into.isIncome ||
      out.accountId === into.accountId ||
      out.transferId ||
      into.transferId
    ) {
      throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.notATransfer);
    }
    // Between two currencies the two sides are two sums; within one they must be the same.
    if (out.currency === into.currency && out.amountCents !== into.amountCents)
      throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.linkAmountsDiffer);
    const transferId = randomUUID();
    await tx
      .update(transactions)
      .set({ transferId, category: TRANSFER_CATEGORY })
      .where(inArray(transactions.id, [out.id, into.id]));
    return toTransfer(transferId, await writtenRows(tx, [out.id, into.id]));
  });
}

/**
 * Pairs of the user's rows made transfers (an import's new rows with the other accounts' rows the
 * preview matched), all in one statement: one update per pair fired the totals trigger once per pair,
 * seconds for a statement with thousands of transfers. A pair either side of which is gone or part of
 * another transfer meanwhile is left as it is (both legs or neither), and so is a row named by two pairs.
 * Returns how many pairs were linked.
 */
export async function linkTransferPairs(
  db: Queryable,
  { userId, pairs }: Owned & { pairs: readonly { outId: string; intoId: string }[] },
): Promise<number> {
  const seen = new Set<string>();
  const distinct = pairs.filter(({ outId, intoId }) => {
    if (outId === intoId || seen.has(outId) || seen.has(intoId)) return false;
    seen.add(outId).add(intoId);
    return true;
  });
  if (distinct.length === 0) return 0;
  // Legs joined by id (an index lookup each); `pair` is used twice, so PostgreSQL computes it once and
  // both legs of a pair get the same new transfer id.
  const legs = JSON.stringify(distinct.map((p) => ({ out_id: p.outId, into_id: p.intoId })));
  const linked = await db.execute<{ transfer_id: string }>(sql`
    with pair as (
      select p.out_id, p.into_id, gen_random_uuid() as transfer_id
      from jsonb_to_recordset(${legs}::jsonb) as p(out_id uuid, into_id uuid)
    ),
    leg as (
      select out_id as id, transfer_id from pair
      union all
      select into_id as id, transfer_id from pair
    ),
    ready as (
      select leg.transfer_id from leg
      join ${transactions} x on x.id = leg.id and x.user_id = ${userId}
        and x.transfer_id is null and x.deleted_at is null
      group by leg.transfer_id
      having count(*) = 2
    )
    update ${transactions} t set transfer_id = leg.transfer_id, category = ${TRANSFER_CATEGORY}
    from leg join ready on ready.transfer_id = leg.transfer_id
    where t.id = leg.id and t.user_id = ${userId}
    returning t.transfer_id`);
  return new Set(linked.map((row) => row.transfer_id)).size;
}

/** The live legs of one of the user's transfers, out first; "not found" for anything else. */
async function legsOf(db: Queryable, userId: string, id: string): Promise<[TransactionRow, TransactionRow]> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.transferNotFound);
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(eq(transactions.userId, userId), eq(transactions.transferId, id), isNull(transactions.deletedAt)),
    )
    .for('update');
  const out = rows.find((row) => !row.isIncome);
  const into = rows.find((row) => row.isIncome);
  if (!out || !into) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.transferNotFound);
  return [out, into];
}

function toTransfer(id: string, legs: readonly TransactionRow[]): Transfer {
  const out = legs.find((leg) => !leg.isIncome);
  const into = legs.find((leg) => leg.isIncome);
  if (!out || !into) throw new Error('A transfer needs both legs');
  return {
    id,
    fromTransactionId: out.id,
    toTransactionId: into.id,
    fromAccountId: out.accountId,
    toAccountId: into.accountId,
    amountCents: out.amountCents,
    receivedAmountCents: into.amountCents,
    date: out.occurredOn,
    note: out.note,
  };
}
