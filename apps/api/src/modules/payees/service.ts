import { and, eq, inArray, sql } from 'drizzle-orm';

import { PAYEE_MESSAGES, payeeRulePatternProblem, type Payee, type PayeesMerged } from '@paisable/contracts';

import { payeeRules, payees } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { distinctUuids, isUuid } from '../../lib/ids';
import { rememberMerge, stateBeforeMerge } from './merge-undo';
import { liveRowCount, moveRows, ownPayees, payeeWithCount } from './payee-rows';
import { payeeKeyOf, rulePatternFor } from './resolve';

/*
 * The user's payees as a list of their own: counted, renamed and merged everywhere at once. Rows are given
 * payees by the ledger (resolve.ts); a row's bank text (bank_payee) never changes here.
 */

type Owned = { userId: string };

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
      // Its rules go with its rows (deleting the payee would delete them).
      await tx.update(payeeRules).set({ payeeId: other.id }).where(eq(payeeRules.payeeId, current.id));
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
 * under `into` too. All or nothing: one unknown or other user's id refuses the whole merge. What it changed
 * is kept for `undoPayeeMerge` (merge-undo.ts), named by the answer's `undoId`.
 */
export async function mergePayees(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { userId, from, into, makeRule }: Owned & { from: string[]; into: string; makeRule: boolean },
): Promise<PayeesMerged> {
  const merged = distinctUuids(from);
  if (!merged || !isUuid(into)) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.someNotFound);
  const intoId = into.toLowerCase();
  if (merged.includes(intoId)) throw new AppError('BAD_REQUEST', PAYEE_MESSAGES.mergeIntoItself);
  return db.transaction(async (tx) => {
    const found = await ownPayees(tx, userId, [...merged, intoId], PAYEE_MESSAGES.someNotFound);
    const gone = found.filter((payee) => payee.id !== intoId);
    // A pattern too short to name one business (a payee called "X") makes no rule.
    const patterns = makeRule
      ? [
          ...new Set(
            gone
              .map((payee) => rulePatternFor(payee.name))
              .filter((pattern) => payeeRulePatternProblem(pattern) === null),
          ),
        ]
      : [];
    const before = await stateBeforeMerge(tx, { userId, merged: gone, patterns });
    const movedCount = await moveRows(tx, userId, merged, intoId);
    // Rules that named a merged payee now name the one kept.
    await tx
      .update(payeeRules)
      .set({ payeeId: intoId })
      .where(and(eq(payeeRules.userId, userId), inArray(payeeRules.payeeId, merged)));
    if (patterns.length > 0) {
      const made = await tx
        .insert(payeeRules)
        .values(patterns.map((pattern) => ({ userId, payeeId: intoId, pattern })))
        .onConflictDoUpdate({
          target: [payeeRules.userId, payeeRules.pattern],
          set: { payeeId: sql`excluded.payee_id` },
        })
        .returning({ id: payeeRules.id });
      const known = new Set(before.rules.map((rule) => rule.id));
      before.rules.push(
        ...made.filter((rule) => !known.has(rule.id)).map(({ id }) => ({ id, payeeId: null })),
      );
    }
    await tx.delete(payees).where(and(eq(payees.userId, userId), inArray(payees.id, merged)));
    const undoId = await rememberMerge(tx, { userId, intoId, before, at: now() });
    return { payee: await payeeWithCount(tx, intoId), movedCount, rules: patterns, undoId };
  });
}
