import { and, eq, isNull, sql } from 'drizzle-orm';

import { TAG_MESSAGES, tagKey, type Tag } from '@paisable/contracts';

import type { DatabaseTransaction as Queryable } from '../../db/client';
import { tags, transactions, transactionTags } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

/*
 * The user's tags as a list of their own: counted, renamed (or merged) and deleted everywhere at once.
 * Rows are given tags by the transaction writers (transactions/tags/tagging.ts).
 */

type Owned = { userId: string };

/** Every tag of the user, A to Z, with how many live transactions carry it (0 for a tag left unused). */
export async function listTags({ db }: Pick<AppDeps, 'db'>, { userId }: Owned): Promise<Tag[]> {
  const rows = await db
    .select({
      id: tags.id,
      name: tags.name,
      // Spelled with the table's name: drizzle leaves the outer row's columns unqualified.
      count: sql<number>`(select count(*)::int from ${transactionTags} tt
        join ${transactions} t on t.id = tt.transaction_id
        where tt.tag_id = tags.id and t.deleted_at is null)`,
    })
    .from(tags)
    .where(eq(tags.userId, userId))
    .orderBy(sql`lower(${tags.name})`, tags.id);
  return rows;
}

/**
 * Renames a tag on every row at once. Renaming to another tag's name (in any letter case) merges the two,
 * as YNAB-like apps do: the rows of both carry the other tag, spelled as the user just typed it, and the
 * renamed tag is gone. Returns the tag that remains.
 */
export async function renameTag(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id, name }: Owned & { id: string; name: string },
): Promise<Tag> {
  return db.transaction(async (tx) => {
    const current = await ownTag(tx, userId, id);
    const [other] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(
        and(eq(tags.userId, userId), sql`lower(${tags.name}) = ${tagKey(name)}`, sql`${tags.id} <> ${id}`),
      )
      .for('update');
    if (!other) {
      await tx.update(tags).set({ name }).where(eq(tags.id, current.id));
      return tagWithCount(tx, current.id);
    }
    // Rows carrying both keep one link (the primary key would refuse the second).
    await tx.execute(sql`insert into ${transactionTags} (tag_id, transaction_id, user_id)
      select ${other.id}, transaction_id, user_id from ${transactionTags} where tag_id = ${current.id}
      on conflict do nothing`);
    await tx.delete(tags).where(eq(tags.id, current.id));
    await tx.update(tags).set({ name }).where(eq(tags.id, other.id));
    return tagWithCount(tx, other.id);
  });
}

/** Deletes a tag: every row loses it (the rows themselves stay). */
export async function deleteTag(
  { db }: Pick<AppDeps, 'db'>,
  { userId, id }: Owned & { id: string },
): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)))
    .returning({ id: tags.id });
  if (rows.length === 0) throw notFound();
  return { id };
}

/** One of the user's tags, locked until the rename ends; another user's or an unknown id is "not found". */
async function ownTag(tx: Queryable, userId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

async function tagWithCount(tx: Queryable, id: string): Promise<Tag> {
  const [row] = await tx
    .select({
      id: tags.id,
      name: tags.name,
      count: sql<number>`count(${transactions.id})::int`,
    })
    .from(tags)
    .leftJoin(transactionTags, eq(transactionTags.tagId, tags.id))
    .leftJoin(
      transactions,
      and(eq(transactions.id, transactionTags.transactionId), isNull(transactions.deletedAt)),
    )
    .where(eq(tags.id, id))
    .groupBy(tags.id);
  if (!row) throw notFound();
  return row;
}

function notFound() {
  return new AppError('NOT_FOUND', TAG_MESSAGES.notFound);
}
