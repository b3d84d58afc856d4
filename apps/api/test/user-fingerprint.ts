import { sql } from 'drizzle-orm';

import type { Database } from '../src/db/client';

/**
 * A digest of every row the given users own: their user rows and every table with a user_id (tables added
 * later are included on their own). Equal digests before and after a request mean it changed nothing of
 * theirs.
 */
export async function userDataFingerprint(db: Database, userIds: string[]): Promise<string> {
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const tables = await db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'user_id' order by table_name`);
  const parts = [
    sql`(select md5(coalesce(string_agg(u::text, '|' order by u.id), '')) from users u where u.id in (${ids}))`,
  ];
  for (const { table_name } of tables) {
    parts.push(sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), ''))
      from ${sql.identifier(table_name)} t where t.user_id in (${ids}))`);
  }
  const [row] = await db.execute<{ digest: string }>(
    sql`select concat_ws(':', ${sql.join(parts, sql`, `)}) as digest`,
  );
  return row?.digest ?? '';
}
