import { eq, inArray, sql } from 'drizzle-orm';

import { foldText } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { payeeRules, payees } from '../../db/schema';
import { payeeKey } from '../imports/payee-match';

/*
 * Payees as the writers meet them: a name typed in a form or the bank's text of an imported row, turned into
 * one of the user's payees (made when new). The transaction ledger calls this for every row it writes.
 */

/**
 * The key that says two names are one payee: the words that name it ("AMZN Mktp US*2K4" → "amzn mktp us"),
 * or, for a name made only of digits and noise words, its folded text.
 */
export function payeeKeyOf(name: string): string {
  return payeeKey(name) || foldText(name);
}

/**
 * Each name's payee id (by its key), the payees not yet known made with the name as first written. The
 * upsert runs in the caller's transaction, so a failed write makes no payee.
 */
export async function resolvePayees(
  db: Queryable,
  userId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  // A statement names far fewer payees than it has rows: each distinct name is folded to its key once.
  const keyByName = new Map<string, string>();
  const firstByKey = new Map<string, string>();
  for (const name of names) {
    if (keyByName.has(name)) continue;
    const key = payeeKeyOf(name);
    keyByName.set(name, key);
    if (!firstByKey.has(key)) firstByKey.set(key, name);
  }
  const idsByName = new Map<string, string>();
  if (firstByKey.size === 0) return idsByName;
  // Sorted, so two writers making the same payees take the unique index's locks in one order.
  const wanted = JSON.stringify(
    [...firstByKey.keys()].sort().map((key) => ({ key, name: firstByKey.get(key) })),
  );
  await db.execute(sql`insert into ${payees} (user_id, name, key)
    select ${userId}, w.name, w.key from jsonb_to_recordset(${wanted}::jsonb) as w(key text, name text)
    on conflict (user_id, key) do nothing`);
  // Read in a statement of its own, which sees the payees another writer made meanwhile (the insert above
  // skipped them). One JSON parameter, not one per key: a file may name more than PostgreSQL's 65,535.
  const found = await db.execute<{ id: string; key: string }>(sql`
    select p.id, p.key from jsonb_to_recordset(${wanted}::jsonb) as w(key text, name text)
    join ${payees} p on p.user_id = ${userId} and p.key = w.key`);
  const idByKey = new Map(found.map((row) => [row.key, row.id]));
  for (const [name, key] of keyByName) {
    const id = idByKey.get(key);
    if (id) idsByName.set(name, id);
  }
  return idsByName;
}

/**
 * The payee each bank text names: the first of the user's payee rules ("bank text contains X → payee Y",
 * made by merges) whose pattern the folded text contains, longest pattern first (the most specific), else
 * the text itself (resolvePayees then finds or makes its payee). Patterns are plain folded text, never
 * regular expressions, so matching needs no sandbox.
 */
export async function payeeNamesForBankTexts(
  db: Queryable,
  userId: string,
  texts: readonly string[],
): Promise<string[]> {
  const rules = await db
    .select({ pattern: payeeRules.pattern, name: payees.name })
    .from(payeeRules)
    .innerJoin(payees, eq(payees.id, payeeRules.payeeId))
    .where(eq(payeeRules.userId, userId))
    .orderBy(sql`length(${payeeRules.pattern}) desc`, payeeRules.pattern);
  if (rules.length === 0) return [...texts];
  return texts.map((text) => {
    const folded = foldText(text);
    return rules.find((rule) => folded.includes(rule.pattern))?.name ?? text;
  });
}

/**
 * The pattern a merge remembers for a payee: its key when the folded name holds it as written ("amzn mktp
 * us" in "amzn mktp us*2k4", so the next statement's "AMZN Mktp US*7Q1" matches too), else the folded name.
 */
export function rulePatternFor(name: string): string {
  const key = payeeKey(name);
  const folded = foldText(name);
  return key && folded.includes(key) ? key : folded;
}

/** The payee names of these payee ids (a page's or a written row's). */
export async function payeeNamesOf(
  db: Queryable,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: payees.id, name: payees.name })
    .from(payees)
    .where(inArray(payees.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
