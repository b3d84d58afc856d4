import { and, eq, ne } from 'drizzle-orm';

import { ACCOUNT_MESSAGES, categoryKindOf, FALLBACK_CATEGORY, TRANSFER_CATEGORY } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactions, type TransactionRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { definedOnly, only } from '../../lib/rows';
import { resolveCategory } from '../categories/resolve';
import { type LedgerChanges } from './amounts';
import { placedIn } from './ledger';

/**
 * An edit of one leg of a transfer. The legs stay one movement: amount, day and note change on both, the
 * payee and the account on this one (never onto the other leg's account). Giving it a direction of its own
 * or a category turns the transfer back into two plain rows (this one as edited, the other one kept with
 * the default category), as when an imported withdrawal turns out to be a purchase.
 */
export async function updateTransferLeg(
  tx: Queryable,
  leg: TransactionRow,
  changes: LedgerChanges,
): Promise<TransactionRow> {
  const [other] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.transferId, leg.transferId ?? ''), ne(transactions.id, leg.id)))
    .for('update');
  const dissolve =
    (changes.isIncome !== undefined && changes.isIncome !== leg.isIncome) ||
    (changes.category !== undefined && changes.category.toLowerCase() !== TRANSFER_CATEGORY.toLowerCase());
  if (dissolve || !other) return dissolveTransfer(tx, leg, other, changes);

  const accountId = changes.accountId ?? leg.accountId;
  if (accountId === other.accountId) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.transferSameAccount);
  // One amount on both sides only means the same sum in one currency; across two, the transfer's own
  // edit states both amounts.
  const target = changes.accountId === undefined ? leg : await placedIn(tx, accountId);
  if (
    other.currency !== target.currency &&
    (changes.amountCents !== undefined || target.currency !== leg.currency)
  )
    throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.transferLegAcrossCurrencies);
  const shared = definedOnly({
    amountCents: changes.amountCents,
    occurredOn: changes.date,
    note: changes.note,
  });
  if (Object.keys(shared).length > 0) {
    await tx.update(transactions).set(shared).where(eq(transactions.id, other.id));
  }
  const moved = changes.accountId !== undefined && changes.accountId !== leg.accountId;
  const own = {
    ...shared,
    ...definedOnly({ name: changes.name }),
    ...(moved && changes.accountId ? await placedIn(tx, changes.accountId) : {}),
  };
  if (Object.keys(own).length === 0) return leg;
  return only(await tx.update(transactions).set(own).where(eq(transactions.id, leg.id)).returning());
}

async function dissolveTransfer(
  tx: Queryable,
  leg: TransactionRow,
  other: TransactionRow | undefined,
  changes: LedgerChanges,
): Promise<TransactionRow> {
  const isIncome = changes.isIncome ?? leg.isIncome;
  const category = await resolveCategory(
    { db: tx },
    { userId: leg.userId, kind: categoryKindOf(isIncome), name: changes.category ?? FALLBACK_CATEGORY },
  );
  if (other) {
    const otherCategory = await resolveCategory(
      { db: tx },
      { userId: leg.userId, kind: categoryKindOf(other.isIncome), name: FALLBACK_CATEGORY },
    );
    await tx
      .update(transactions)
      .set({ transferId: null, category: otherCategory })
      .where(eq(transactions.id, other.id));
  }
  const { date, accountId, ...fields } = changes;
  const moved = accountId !== undefined && accountId !== leg.accountId;
  const next = {
    ...definedOnly(fields),
    ...(date ? { occurredOn: date } : {}),
    ...(moved ? await placedIn(tx, accountId) : {}),
    category,
    transferId: null,
  };
  return only(await tx.update(transactions).set(next).where(eq(transactions.id, leg.id)).returning());
}
