import { and, eq, inArray, sql } from 'drizzle-orm';

import { PAYEE_MESSAGES, type Payee } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { payees, transactions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { distinctUuids } from '../../lib/ids';

/* The steps the payee actions share: finding the user's payees, counting and moving their rows. */

/** How many live rows name a payee; spelled with the table's name (drizzle leaves outer columns unqualified). */
export const liveRowCount = sql<number>`(select count(*)::int from ${transactions} t
  where t.payee_id = payees.id and t.deleted_at is null)`;

/**
 * The user's payees of these ids, locked until the change ends; any id unknown, malformed or another
 * user's refuses with `message` (never telling whose it is).
 */
export async function ownPayees(tx: Queryable, userId: string, ids: string[], message: string) {
  const wanted = distinctUuids(ids);
  if (!wanted) throw new AppError('NOT_FOUND', message);
  const rows = await tx
    .select({ id: payees.id, name: payees.name, key: payees.key, createdAt: payees.createdAt })
    .from(payees)
    .where(and(eq(payees.userId, userId), inArray(payees.id, wanted)))
    .orderBy(payees.id)
    .for('update');
  if (rows.length !== wanted.length) throw new AppError('NOT_FOUND', message);
  return rows;
}

/** Points every row of `from` (deleted ones too, so an undone delete keeps its payee) at `into`. */
export async function moveRows(tx: Queryable, userId: string, from: string[], into: string): Promise<number> {
  const moved = await tx
    .update(transactions)
    .set({ payeeId: into })
    .where(and(eq(transactions.userId, userId), inArray(transactions.payeeId, from)))
    .returning({ deletedAt: transactions.deletedAt });
  return moved.filter((row) => row.deletedAt === null).length;
}

export async function payeeWithCount(tx: Queryable, id: string): Promise<Payee> {
  const [row] = await tx
    .select({ id: payees.id, name: payees.name, count: liveRowCount })
    .from(payees)
    .where(eq(payees.id, id));
  if (!row) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.notFound);
  return row;
}
