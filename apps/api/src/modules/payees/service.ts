import { and, eq, inArray, sql } from 'drizzle-orm';

import { PAYEE_MESSAGES, type Payee, type PayeesMerged } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { payeeRules, payees, transactions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { distinctUuids, isUuid } from '../../lib/ids';
import { payeeKeyOf, rulePatternFor } from './resolve';

/*
 * The user's payees as a list of their own: counted, renamed and merged everywhere at once. Rows are given
 * payees by the ledger (resolve.ts); a row's bank text (bank_payee) never changes here.
 */

type Owned = { userId: string };

/** How many live rows name a payee; spelled with the table's name (drizzle leaves outer columns unqualified). */
const liveRowCount = sql<number>`(select count(*)::int from ${transactions} t
  where t.payee_id = payees.id and t.deleted_at is null)`;

/** Every payee of the user, A to Z (ignoring case and accents), with how many live rows name it. */
export async function listPayees({ db }: Pick<AppDeps, 'db'>, { userId }: Owned): Promise<Payee[]> {
  return db
    .select({ id: payees.id, name: payees.name, count: liveRowCount })
    .from(payees)
    .where(eq(payees.userId, userId))
    .orderBy(sql`paisable_fold(${payees.name})`, payees.id);
}

/**
 * Renames a payee on every row at once (each row's bank text stays). A name that is another payee's (the
 * same words in any case) merges the two, as renaming a tag does: the rows of both name the other payee,
 * spelled as just typed. Returns the payee that remains.
 */
export async function renamePayee(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id, name }: Owned & { id: string; name: string },
): Promise<Payee> {
  return db.transaction(async (tx) => {
    const [current] = await ownPayees(tx, userId, [id], PAYEE_MESSAGES.notFound);
    if (!current) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.notFound);
    const key = payeeKeyOf(name);
    const [other] = await tx
      .select({ id: payees.id })
      .from(payees)
      .where(and(eq(payees.userId, userId), eq(payees.key, key), sql`${payees.id} <> ${current.id}`))
      .for('update');
    if (other) {
      await moveRows(tx, userId, [current.id], other.id);
      await tx.delete(payees).where(eq(payees.id, current.id));
    }
    const keptId = other?.id ?? current.id;
    await tx.update(payees).set({ name, key }).where(eq(payees.id, keptId));
    return payeeWithCount(tx, keptId);
  });
}

/**
 * Merges payees into one: every row of `from` names `into`, the `from` payees are gone, and with `makeRule`
 * each one's words are remembered as "bank text contains X → `into`", so the next import files such rows
 * under `into` too. All or nothing: one unknown or other user's id refuses the whole merge.
 */
export async function mergePayees(
  { db }: Pick<AppDeps, 'db'>,
  { userId, from, into, makeRule }: Owned & { from: string[]; into: string; makeRule: boolean },
): Promise<PayeesMerged> {
  const merged = distinctUuids(from);
  if (!merged || !isUuid(into)) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.someNotFound);
  if (merged.includes(into.toLowerCase())) throw new AppError('BAD_REQUEST', PAYEE_MESSAGES.mergeIntoItself);
  return db.transaction(async (tx) => {
    const found = await ownPayees(tx, userId, [...merged, into], PAYEE_MESSAGES.someNotFound);
    const movedCount = await moveRows(tx, userId, merged, into);
    // Rules that named a merged payee now name the one kept.
    await tx
      .update(payeeRules)
      .set({ payeeId: into })
      .where(and(eq(payeeRules.userId, userId), inArray(payeeRules.payeeId, merged)));
    const patterns = makeRule
      ? [...new Set(found.filter((payee) => payee.id !== into).map((payee) => rulePatternFor(payee.name)))]
      : [];
    if (patterns.length > 0) {
      await tx
        .insert(payeeRules)
        .values(patterns.map((pattern) => ({ userId, payeeId: into, pattern })))
        .onConflictDoUpdate({
          target: [payeeRules.userId, payeeRules.pattern],
          set: { payeeId: sql`excluded.payee_id` },
        });
    }
    await tx.delete(payees).where(and(eq(payees.userId, userId), inArray(payees.id, merged)));
    return { payee: await payeeWithCount(tx, into), movedCount, rules: patterns };
  });
}

/**
 * The user's payees of these ids, locked until the change ends; any id unknown, malformed or another
 * user's refuses with `message` (never telling whose it is).
 */
async function ownPayees(tx: Queryable, userId: string, ids: string[], message: string) {
  const wanted = distinctUuids(ids);
  if (!wanted) throw new AppError('NOT_FOUND', message);
  const rows = await tx
    .select({ id: payees.id, name: payees.name })
    .from(payees)
    .where(and(eq(payees.userId, userId), inArray(payees.id, wanted)))
    .orderBy(payees.id)
    .for('update');
  if (rows.length !== wanted.length) throw new AppError('NOT_FOUND', message);
  return rows;
}

/** Points every row of `from` (deleted ones too, so an undone delete keeps its payee) at `into`. */
async function moveRows(tx: Queryable, userId: string, from: string[], into: string): Promise<number> {
  const moved = await tx
    .update(transactions)
    .set({ payeeId: into })
    .where(and(eq(transactions.userId, userId), inArray(transactions.payeeId, from)))
    .returning({ deletedAt: transactions.deletedAt });
  return moved.filter((row) => row.deletedAt === null).length;
}

async function payeeWithCount(tx: Queryable, id: string): Promise<Payee> {
  const [row] = await tx
    .select({ id: payees.id, name: payees.name, count: liveRowCount })
    .from(payees)
    .where(eq(payees.id, id));
  if (!row) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.notFound);
  return row;
}
