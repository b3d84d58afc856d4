import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import { AppError } from '../lib/errors';
import { distinctUuids } from '../lib/ids';
import type { Queryable } from './client';

/** A user's list that the user orders by hand (accounts, import rules): its table and columns. */
export type OrderedRows = { table: PgTable; id: PgColumn; userId: PgColumn; position: PgColumn };

/**
 * Puts the user's rows in the order of `ids`, in the caller's transaction (the caller holds the lock that
 * keeps the list from changing meanwhile). Every one of the user's rows must be listed exactly once: an
 * id that is not theirs (deleted meanwhile, or someone else's) is "not found", a list that misses or
 * repeats one is a conflict, so a stale page never half-applies an order.
 */
export async function applyOrder(
  tx: Queryable,
  rows: OrderedRows,
  { userId, ids, notFound, mismatch }: { userId: string; ids: string[]; notFound: string; mismatch: string },
): Promise<void> {
  const wanted = distinctUuids(ids);
  if (!wanted || wanted.length !== ids.length) throw new AppError('CONFLICT', mismatch);
  const current = await tx.select({ id: rows.id }).from(rows.table).where(eq(rows.userId, userId));
  const owned = new Set(current.map((row) => String(row.id)));
  if (!wanted.every((id) => owned.has(id))) throw new AppError('NOT_FOUND', notFound);
  if (current.length !== wanted.length) throw new AppError('CONFLICT', mismatch);
  await tx.execute(sql`
    update ${rows.table} set ${sql.identifier(rows.position.name)} = ordered.position
    from (select value::uuid as id, ordinality::int as position
          from jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb) with ordinality) as ordered
    where ${rows.userId} = ${userId} and ${rows.id} = ordered.id`);
}
