import { and, eq, inArray, sql } from 'drizzle-orm';

import { mergedTagNames, tagKey } from '@paisable/contracts';

import type { Queryable } from '../../../db/client';
import { tags, transactionTags } from '../../../db/schema';
import { isAnyOf } from '../../../db/sql';

/*
 * Which tags rows carry. Every writer goes through these, inside its own database transaction, so a row's
 * tags change with the rest of it or not at all.
 */

type Owned = { userId: string };

/**
 * The ids of the user's tags of these names (any letter case), created the first time a name is used and
 * spelled as first typed after that.
 */
async function tagIdsOf(
  tx: Queryable,
  userId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const wanted = mergedTagNames(names);
  if (wanted.length === 0) return new Map();
  await tx
    .insert(tags)
    .values(wanted.map((name) => ({ userId, name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, userId), inArray(sql`lower(${tags.name})`, wanted.map(tagKey))));
  return new Map(rows.map((row) => [tagKey(row.name), row.id]));
}

/** Gives every row of `ids` these tags; tags a row already has stay as they are. */
export async function addTags(
  tx: Queryable,
  { userId, ids, names }: Owned & { ids: readonly string[]; names: readonly string[] },
): Promise<void> {
  if (ids.length === 0 || names.length === 0) return;
  const tagIds = [...(await tagIdsOf(tx, userId, names)).values()];
  const pairs = ids.flatMap((transactionId) => tagIds.map((tagId) => ({ tagId, transactionId, userId })));
  if (pairs.length > 0) await tx.insert(transactionTags).values(pairs).onConflictDoNothing();
}

/** Takes these tags (any letter case) off every row of `ids`; the tags themselves stay. */
export async function removeTags(
  tx: Queryable,
  { userId, ids, names }: Owned & { ids: readonly string[]; names: readonly string[] },
): Promise<void> {
  if (ids.length === 0 || names.length === 0) return;
  await tx.delete(transactionTags).where(
    and(
      eq(transactionTags.userId, userId),
      isAnyOf(transactionTags.transactionId, ids),
      inArray(
        transactionTags.tagId,
        tx
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.userId, userId), inArray(sql`lower(${tags.name})`, names.map(tagKey)))),
      ),
    ),
  );
}

/** Makes `names` the row's tags exactly. */
export async function replaceTags(
  tx: Queryable,
  { userId, id, names }: Owned & { id: string; names: readonly string[] },
): Promise<void> {
  await tx
    .delete(transactionTags)
    .where(and(eq(transactionTags.userId, userId), eq(transactionTags.transactionId, id)));
  await addTags(tx, { userId, ids: [id], names });
}

/** Gives each row exactly its listed tags (a bulk edit's undo): two statements for any number of rows. */
export async function restoreTags(
  tx: Queryable,
  { userId, rows }: Owned & { rows: readonly { id: string; tags: readonly string[] }[] },
): Promise<void> {
  if (rows.length === 0) return;
  await tx.delete(transactionTags).where(
    and(
      eq(transactionTags.userId, userId),
      isAnyOf(
        transactionTags.transactionId,
        rows.map((row) => row.id),
      ),
    ),
  );
  const tagIds = await tagIdsOf(
    tx,
    userId,
    rows.flatMap((row) => row.tags),
  );
  const pairs = rows.flatMap((row) =>
    mergedTagNames(row.tags).flatMap((name) => {
      const tagId = tagIds.get(tagKey(name));
      return tagId ? [{ tagId, transactionId: row.id, userId }] : [];
    }),
  );
  if (pairs.length > 0) await tx.insert(transactionTags).values(pairs).onConflictDoNothing();
}

/** Each row's tags, A to Z (rows without any are absent). */
export async function tagsOfRows(tx: Queryable, ids: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (ids.length === 0) return found;
  const rows = await tx
    .select({ transactionId: transactionTags.transactionId, name: tags.name })
    .from(transactionTags)
    .innerJoin(tags, eq(tags.id, transactionTags.tagId))
    .where(isAnyOf(transactionTags.transactionId, ids))
    .orderBy(sql`lower(${tags.name})`);
  for (const row of rows) found.set(row.transactionId, [...(found.get(row.transactionId) ?? []), row.name]);
  return found;
}

/**
 * A row's tags as an expression over the outer `transactions` row, A to Z: a page reads its rows' tags in
 * its own statement (one probe of transaction_tags_transaction_idx per row). Spelled with the table's name
 * for the reason given at `otherLegAccount` (list.ts).
 */
export const tagsOfRow = sql<string[]>`array(
  select g.name from transaction_tags tt join tags g on g.id = tt.tag_id
  where tt.transaction_id = transactions.id order by lower(g.name))`;

/**
 * Rows carrying every tag of `names` — a comma-separated list (tag names hold no comma) given as one
 * value, so the statement keeps one shape however many tags are asked for. The user's tags of those names
 * are found by `tags_user_name_unique`, their rows by the join table's primary key (tag, row), and a row
 * counts when it carries as many of them as names were asked for; an unknown name matches nothing.
 */
export function carriesAllTags(userId: unknown, names: unknown) {
  const asked = sql`string_to_array(lower(${names}::text), ',')`;
  return sql`transactions.id in (
    select tt.transaction_id from tags g join transaction_tags tt on tt.tag_id = g.id
    where g.user_id = ${userId} and lower(g.name) = any(${asked})
    group by tt.transaction_id having count(*) = cardinality(${asked}))`;
}
