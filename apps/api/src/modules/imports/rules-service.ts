import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

import {
  builtInSpelling,
  categoryKindOf,
  IMPORT_MESSAGES,
  IMPORT_RULES_MAX,
  readerBusyMessage,
  RULE_CHANGES_LISTED_MAX,
  unknownRuleCategoryMessage,
  type ImportRule,
  type RuleChange,
  type RuleChangesPreview,
  type SavedImportRule,
} from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { applyOrder } from '../../db/positions';
import { categories, importRules, transactions, type ImportRuleRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { sandboxFailureToAppError } from '../../lib/sandbox/app-error';
import { resolveCategory, sameCategoryName } from '../categories/resolve';
import { matchRulesTask } from './tasks';

type Owned = { userId: string };
type WithId = Owned & { id: string };
/** A rule as a form or a client sends it: `createCategory` makes its category when the user has none. */
type RuleRequest = ImportRule & { createCategory?: boolean };

export function toSavedRule(row: ImportRuleRow): SavedImportRule {
  return {
    id: row.id,
    position: row.position,
    match: row.match,
    field: row.field,
    pattern: row.pattern,
    ...(row.minAmountCents === null ? {} : { minAmountCents: row.minAmountCents }),
    ...(row.maxAmountCents === null ? {} : { maxAmountCents: row.maxAmountCents }),
    ...(row.type === null ? {} : { type: row.type }),
    setCategory: row.setCategory,
    ...(row.rename === null ? {} : { rename: row.rename }),
  };
}

function ruleColumns(rule: ImportRule) {
  return {
    match: rule.match,
    field: rule.field ?? 'name',
    pattern: rule.pattern,
    minAmountCents: rule.minAmountCents ?? null,
    maxAmountCents: rule.maxAmountCents ?? null,
    type: rule.type ?? null,
    setCategory: rule.setCategory,
    rename: rule.rename ?? null,
  };
}

/**
 * The rule with its category spelled as in the user's list ("food" → "Food"). A name the user does not
 * have is refused unless the request asks to create it: a typo must not become a new category that
 * every imported match then lands in. A rule for one type looks in that type's list; a rule for any
 * type in both, and creates an expense category (what imported rows mostly are).
 */
async function withUsersCategory(
  db: Queryable,
  userId: string,
  { createCategory, ...rule }: RuleRequest,
): Promise<ImportRule> {
  const kinds = rule.type ? [rule.type] : (['expense', 'income'] as const);
  const builtIn = kinds.map((kind) => builtInSpelling(kind, rule.setCategory)).find(Boolean);
  if (builtIn) return { ...rule, setCategory: builtIn };
  const [custom] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(
      and(
        eq(categories.userId, userId),
        inArray(categories.kind, [...kinds]),
        sameCategoryName(categories.name, rule.setCategory),
      ),
    )
    .limit(1);
  if (custom) return { ...rule, setCategory: custom.name };
  if (!createCategory) throw new AppError('BAD_REQUEST', unknownRuleCategoryMessage(rule.setCategory));
  const kind = rule.type ?? 'expense';
  return { ...rule, setCategory: await resolveCategory({ db }, { userId, kind, name: rule.setCategory }) };
}

/** The user's rules in the order they are tried; positions are shown as 1, 2, 3… */
export async function listRules({ db }: { db: Queryable }, { userId }: Owned): Promise<SavedImportRule[]> {
  const rows = await db
    .select()
    .from(importRules)
    .where(eq(importRules.userId, userId))
    .orderBy(asc(importRules.position), asc(importRules.createdAt));
  return rows.map((row, index) => toSavedRule({ ...row, position: index + 1 }));
}

/** A new rule goes last: rules already in place keep deciding first. */
export async function createRule(
  { db }: Pick<AppDeps, 'db'>,
  { userId, rule: request }: Owned & { rule: RuleRequest },
): Promise<SavedImportRule> {
  return db.transaction(async (tx) => {
    // One writer per user at a time, so two rules created together get distinct places and the cap holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import-rules:${userId}`}))`);
    const [stats] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        last: sql<number>`coalesce(max(${importRules.position}), 0)`,
      })
      .from(importRules)
      .where(eq(importRules.userId, userId));
    if ((stats?.count ?? 0) >= IMPORT_RULES_MAX) throw new AppError('CONFLICT', IMPORT_MESSAGES.tooManyRules);
    const rule = await withUsersCategory(tx, userId, request);
    const [row] = await tx
      .insert(importRules)
      .values({ userId, position: (stats?.last ?? 0) + 1, ...ruleColumns(rule) })
      .returning();
    if (!row) throw new Error('The rule was not saved.');
    return toSavedRule({ ...row, position: (stats?.count ?? 0) + 1 });
  });
}

export async function updateRule(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id, rule: request }: WithId & { rule: RuleRequest },
): Promise<SavedImportRule> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: importRules.id })
      .from(importRules)
      .where(and(eq(importRules.userId, userId), eq(importRules.id, id)));
    // Checked first, so another user's rule id creates no category here.
    if (!exists) throw notFound();
    const rule = await withUsersCategory(tx, userId, request);
    const [row] = await tx
      .update(importRules)
      .set(ruleColumns(rule))
      .where(and(eq(importRules.userId, userId), eq(importRules.id, id)))
      .returning();
    if (!row) throw notFound();
    const rules = await listRules({ db: tx }, { userId });
    return rules.find((saved) => saved.id === row.id) ?? toSavedRule(row);
  });
}

export async function deleteRule(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id }: WithId,
): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .delete(importRules)
    .where(and(eq(importRules.userId, userId), eq(importRules.id, id)))
    .returning({ id: importRules.id });
  if (!row) throw notFound();
  return row;
}

/** The user's whole order at once: every rule exactly once, or nothing changes. */
export async function reorderRules(
  { db }: Pick<AppDeps, 'db'>,
  { userId, ids }: Owned & { ids: string[] },
): Promise<SavedImportRule[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`import-rules:${userId}`}))`);
    const rows = {
      table: importRules,
      id: importRules.id,
      userId: importRules.userId,
      position: importRules.position,
    };
    await applyOrder(tx, rows, {
      userId,
      ids,
      notFound: IMPORT_MESSAGES.ruleNotFound,
      mismatch: IMPORT_MESSAGES.reorderMismatch,
    });
    return listRules({ db: tx }, { userId });
  });
}

type PlannedChange = RuleChange & { toCategoryKind: 'income' | 'expense' };

const MATCHER_MESSAGES = { busy: readerBusyMessage, tooHard: IMPORT_MESSAGES.rulesTooHard };

/**
 * What the rules would change on the user's live transactions: the first matching rule decides. The
 * rules run over the rows in a sandbox process: a user's pattern over a hundred thousand rows must not
 * take the API's event loop.
 */
async function plannedChanges(
  { db, sandbox }: { db: Queryable } & Pick<AppDeps, 'sandbox'>,
  { userId }: Owned,
): Promise<PlannedChange[]> {
  const rules = await listRules({ db }, { userId });
  if (rules.length === 0) return [];
  // The rows are read when the check's turn comes: one user's checks (each a read of every row) then
  // run one at a time, and a check refused for being one too many reads nothing.
  let rows: Awaited<ReturnType<typeof liveRows>> = [];
  const readRows = async () => {
    rows = await liveRows(db, userId);
    return {
      rules,
      rows: rows.map(({ name, note, amountCents, isIncome }) => ({ name, note, amountCents, isIncome })),
    };
  };
  const { matches } = await sandbox.runPrepared(matchRulesTask, readRows, userId).catch((error: unknown) => {
    throw sandboxFailureToAppError(error, MATCHER_MESSAGES);
  });
  const changes: PlannedChange[] = [];
  rows.forEach((row, index) => {
    const rule = rules[matches[index] ?? -1];
    if (!rule) return;
    const renamed = rule.rename !== undefined && rule.rename !== row.name;
    const recategorised = rule.setCategory.toLowerCase() !== row.category.toLowerCase();
    if (!renamed && !recategorised) return;
    changes.push({
      id: row.id,
      date: row.date,
      name: row.name,
      amountCents: row.amountCents,
      isIncome: row.isIncome,
      fromCategory: row.category,
      toCategory: rule.setCategory,
      ...(renamed ? { toName: rule.rename } : {}),
      rulePosition: rule.position,
      toCategoryKind: categoryKindOf(row.isIncome),
    });
  });
  return changes;
}

/** What the rules are checked against: every live transaction of the user, newest first. */
function liveRows(db: Queryable, userId: string) {
  return db
    .select({
      id: transactions.id,
      date: transactions.occurredOn,
      name: transactions.name,
      note: transactions.note,
      amountCents: transactions.amountCents,
      isIncome: transactions.isIncome,
      category: transactions.category,
    })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), isNull(transactions.deletedAt)))
    .orderBy(sql`${transactions.occurredOn} desc`, sql`${transactions.createdAt} desc`);
}

/** "Apply to existing transactions", before anything changes: how many rows, and the first of them. */
export async function previewRuleChanges(
  deps: Pick<AppDeps, 'db' | 'sandbox'>,
  { userId }: Owned,
): Promise<RuleChangesPreview> {
  const changes = await plannedChanges(deps, { userId });
  return {
    changeCount: changes.length,
    changes: changes.slice(0, RULE_CHANGES_LISTED_MAX).map(({ toCategoryKind: _kind, ...change }) => change),
  };
}

/**
 * Applies the rules to the user's live transactions in one database transaction. The changes are
 * worked out again inside it, so what is applied is what the rules say now, not what an older preview
 * listed.
 */
export async function applyRules(
  { db, sandbox }: Pick<AppDeps, 'db' | 'sandbox'>,
  { userId }: Owned,
): Promise<{ changedCount: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`imports:${userId}`}))`);
    const changes = await plannedChanges({ db: tx, sandbox }, { userId });
    const spelled = new Map<string, string>();
    for (const change of changes) {
      const key = `${change.toCategoryKind}\u0000${change.toCategory.toLowerCase()}`;
      if (!spelled.has(key)) {
        spelled.set(
          key,
          await resolveCategory({ db: tx }, { userId, kind: change.toCategoryKind, name: change.toCategory }),
        );
      }
    }
    const updates = changes.map((change) => ({
      id: change.id,
      category: spelled.get(`${change.toCategoryKind}\u0000${change.toCategory.toLowerCase()}`),
      name: change.toName ?? change.name,
    }));
    // One statement per chunk: the totals triggers then run once per chunk, not once per row.
    for (let start = 0; start < updates.length; start += 10_000) {
      const chunk = updates.slice(start, start + 10_000);
      await tx.execute(sql`
        update ${transactions} set category = changed.category, name = changed.name, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as changed(id uuid, category text, name text)
        where ${transactions.userId} = ${userId} and ${transactions.id} = changed.id
          and ${transactions.deletedAt} is null`);
    }
    return { changedCount: changes.length };
  });
}

function notFound() {
  return new AppError('NOT_FOUND', IMPORT_MESSAGES.ruleNotFound);
}
