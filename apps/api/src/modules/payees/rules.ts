import { and, eq, sql } from 'drizzle-orm';

import { PAYEE_MESSAGES, type PayeeRule } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { payeeRules, payees } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { resolvePayees } from './resolve';

/*
 * Payee rules: "bank text contains X → payee Y", made by a merge or typed on the Payees screen. An import
 * applies them when it saves its rows (resolve.ts `payeeNamesForBankTexts`); rows already saved keep
 * their payee. The pattern comes folded from the contract (`payeeRulePattern`), as a merge folds its own.
 */

type Owned = { userId: string };
/** A rule as typed: its folded bank text and its payee's name (found in any case, or made). */
type RuleParams = Owned & { pattern: string; payee: string };

const ruleColumns = {
  id: payeeRules.id,
  pattern: payeeRules.pattern,
  payeeId: payeeRules.payeeId,
  payee: payees.name,
};

/** Every payee rule of the user, A to Z by the bank text it looks for. */
export async function listPayeeRules({ db }: Pick<AppDeps, 'db'>, { userId }: Owned): Promise<PayeeRule[]> {
  return db
    .select(ruleColumns)
    .from(payeeRules)
    .innerJoin(payees, eq(payees.id, payeeRules.payeeId))
    .where(eq(payeeRules.userId, userId))
    .orderBy(payeeRules.pattern);
}

/** Adds a rule; its payee is made when the user has none of that name. Bank text already in a rule: 409. */
export async function createPayeeRule(
  { db }: Pick<AppDeps, 'db'>,
  { userId, pattern, payee }: RuleParams,
): Promise<PayeeRule> {
  return db.transaction(async (tx) => {
    const payeeId = await payeeIdOf(tx, userId, payee);
    const [made] = await tx
      .insert(payeeRules)
      .values({ userId, payeeId, pattern })
      .onConflictDoNothing()
      .returning({ id: payeeRules.id });
    if (!made) throw new AppError('CONFLICT', PAYEE_MESSAGES.ruleExists);
    return ruleOf(tx, userId, made.id);
  });
}

/** Changes a rule's bank text or payee; bank text another rule looks for already: 409. */
export async function updatePayeeRule(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id, pattern, payee }: RuleParams & { id: string },
): Promise<PayeeRule> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.ruleNotFound);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: payeeRules.id })
      .from(payeeRules)
      .where(and(eq(payeeRules.userId, userId), eq(payeeRules.id, id)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.ruleNotFound);
    const [other] = await tx
      .select({ id: payeeRules.id })
      .from(payeeRules)
      .where(
        and(eq(payeeRules.userId, userId), eq(payeeRules.pattern, pattern), sql`${payeeRules.id} <> ${id}`),
      );
    if (other) throw new AppError('CONFLICT', PAYEE_MESSAGES.ruleExists);
    const payeeId = await payeeIdOf(tx, userId, payee);
    try {
      await tx.update(payeeRules).set({ pattern, payeeId }).where(eq(payeeRules.id, current.id));
    } catch (error) {
      // Two edits racing onto the same bank text (or an edit beside a new rule): both found no other rule,
      // the unique index let one through, and the other hears the same 409 a plain duplicate gets. Its
      // transaction rolls back whole, a payee it made with it included.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', PAYEE_MESSAGES.ruleExists);
      throw error;
    }
    return ruleOf(tx, userId, current.id);
  });
}

/** Removes a rule; later imports file that bank text under its own payee again. */
export async function deletePayeeRule(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id }: Owned & { id: string },
): Promise<{ id: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.ruleNotFound);
  const [deleted] = await db
    .delete(payeeRules)
    .where(and(eq(payeeRules.userId, userId), eq(payeeRules.id, id)))
    .returning({ id: payeeRules.id });
  if (!deleted) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.ruleNotFound);
  return deleted;
}

/** The user's payee of this name (the same words in any case), made when new, as the transaction form does. */
async function payeeIdOf(tx: Queryable, userId: string, name: string): Promise<string> {
  const id = (await resolvePayees(tx, userId, [name])).get(name);
  if (!id) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.notFound);
  return id;
}

async function ruleOf(tx: Queryable, userId: string, id: string): Promise<PayeeRule> {
  const [rule] = await tx
    .select(ruleColumns)
    .from(payeeRules)
    .innerJoin(payees, eq(payees.id, payeeRules.payeeId))
    .where(and(eq(payeeRules.userId, userId), eq(payeeRules.id, id)));
  if (!rule) throw new AppError('NOT_FOUND', PAYEE_MESSAGES.ruleNotFound);
  return rule;
}
