import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';

import { PAYEE_MERGE_UNDO_MINUTES, PAYEE_MESSAGES, type PayeeMergeUndone } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { payeeMergeUndos, payeeRules, payees, transactions, type PayeeMergeBefore } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { liveRowCount } from './payee-rows';

/*
 * A merge's Undo: the merge keeps what it changed (the merged payees, which rows each had, the rules it
 * moved or made) in the user's one payee_merge_undos row, and the Undo puts it back. Kept on the server,
 * not sent to the browser and back, because a payee of a long-used bank can have thousands of rows.
 */

type MergedPayee = { id: string; name: string; key: string; createdAt: Date };

/**
 * What a merge is about to change, read inside its transaction before it changes anything: each merged
 * payee with its rows (deleted ones too, as the merge moves them), and the rules it will point at the
 * payee kept (those of the merged payees, and those it will take over by pattern).
 */
export async function stateBeforeMerge(
  tx: Queryable,
  { userId, merged, patterns }: { userId: string; merged: MergedPayee[]; patterns: string[] },
): Promise<PayeeMergeBefore> {
  const ids = merged.map((payee) => payee.id);
  const rows = await tx
    .select({ id: transactions.id, payeeId: transactions.payeeId })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inArray(transactions.payeeId, ids)));
  const rowIdsOf = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const row of rows) if (row.payeeId) rowIdsOf.get(row.payeeId)?.push(row.id);
  const rules = await tx
    .select({ id: payeeRules.id, payeeId: payeeRules.payeeId })
    .from(payeeRules)
    .where(
      and(
        eq(payeeRules.userId, userId),
        patterns.length > 0
          ? or(inArray(payeeRules.payeeId, ids), inArray(payeeRules.pattern, patterns))
          : inArray(payeeRules.payeeId, ids),
      ),
    )
    .orderBy(payeeRules.id)
    .for('update');
  return {
    payees: merged.map(({ id, name, key, createdAt }) => ({
      id,
      name,
      key,
      createdAt: createdAt.toISOString(),
      rowIds: rowIdsOf.get(id) ?? [],
    })),
    rules,
  };
}

/** Keeps a merge's earlier state as the user's one undoable merge (replacing any older one); its id. */
export async function rememberMerge(
  tx: Queryable,
  { userId, intoId, before, at }: { userId: string; intoId: string; before: PayeeMergeBefore; at: Date },
): Promise<string> {
  const [kept] = await tx
    .insert(payeeMergeUndos)
    .values({ userId, intoId, before, createdAt: at })
    .onConflictDoUpdate({
      target: payeeMergeUndos.userId,
      set: { id: sql`gen_random_uuid()`, intoId, before, createdAt: at },
    })
    .returning({ id: payeeMergeUndos.id });
  if (!kept) throw new Error('The merge was not remembered.');
  return kept.id;
}

/**
 * Takes back the user's last merge, named by its `undoId`, within PAYEE_MERGE_UNDO_MINUTES: the merged
 * payees come back with their ids and names, each row the merge moved names its payee again (unless it
 * was given another payee since), and the rules it moved or made are as they were. All or nothing: a merged
 * payee's name taken again by a new payee refuses the whole Undo.
 */
export async function undoPayeeMerge(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, undoId }: { userId: string; undoId: string },
): Promise<PayeeMergeUndone> {
  if (!isUuid(undoId)) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.mergeUndoGone);
  return db.transaction(async (tx) => {
    const oldest = new Date(now().getTime() - PAYEE_MERGE_UNDO_MINUTES * 60_000);
    const [merge] = await tx
      .delete(payeeMergeUndos)
      .where(
        and(
          eq(payeeMergeUndos.userId, userId),
          eq(payeeMergeUndos.id, undoId.toLowerCase()),
          gte(payeeMergeUndos.createdAt, oldest),
        ),
      )
      .returning();
    // Too late, undone already, replaced by a newer merge, or not this user's: no merge to undo.
    if (!merge) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.mergeUndoGone);
    const { payees: merged, rules } = merge.before;
    const restored = await tx
      .insert(payees)
      .values(
        merged.map(({ id, name, key, createdAt }) => ({
          id,
          userId,
          name,
          key,
          createdAt: new Date(createdAt),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: payees.id });
    if (restored.length !== merged.length) {
      const back = new Set(restored.map((payee) => payee.id));
      const taken = merged.find((payee) => !back.has(payee.id));
      throw new AppError('CONFLICT', PAYEE_MESSAGES.mergeUndoNameTaken(taken?.name ?? ''));
    }
    const moves = merged.flatMap((payee) => payee.rowIds.map((id) => ({ id, payee: payee.id })));
    const moved = await tx.execute<{ deleted_at: string | null }>(sql`update ${transactions} t
      set payee_id = m.payee
      from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as m(id uuid, payee uuid)
      where t.id = m.id and t.user_id = ${userId} and t.payee_id = ${merge.intoId}
      returning t.deleted_at`);
    await restoreRules(tx, { userId, intoId: merge.intoId, rules });
    const list = await tx
      .select({ id: payees.id, name: payees.name, count: liveRowCount })
      .from(payees)
      .where(
        and(
          eq(payees.userId, userId),
          inArray(
            payees.id,
            merged.map((payee) => payee.id),
          ),
        ),
      )
      .orderBy(sql`paisable_fold(${payees.name})`, payees.id);
    return { payees: list, movedCount: moved.filter((row) => row.deleted_at === null).length };
  });
}

/** The rules the merge pointed at `intoId` point back (those it made go), unless changed since. */
async function restoreRules(
  tx: Queryable,
  { userId, intoId, rules }: { userId: string; intoId: string; rules: PayeeMergeBefore['rules'] },
) {
  const made = rules.flatMap((rule) => (rule.payeeId === null ? [rule.id] : []));
  const stillInto = and(eq(payeeRules.userId, userId), eq(payeeRules.payeeId, intoId));
  if (made.length > 0) await tx.delete(payeeRules).where(and(stillInto, inArray(payeeRules.id, made)));
  const moved = rules.flatMap((rule) =>
    rule.payeeId === null ? [] : [{ id: rule.id, payee: rule.payeeId }],
  );
  if (moved.length === 0) return;
  // A rule's payee deleted since (merged away) cascades its rule: only payees that exist are pointed at.
  await tx.execute(sql`update ${payeeRules} r
    set payee_id = m.payee
    from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as m(id uuid, payee uuid)
    where r.id = m.id and r.user_id = ${userId} and r.payee_id = ${intoId}
      and exists (select 1 from ${payees} p where p.id = m.payee and p.user_id = ${userId})`);
}
