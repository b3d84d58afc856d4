import { eq, sql } from 'drizzle-orm';

import type { Database } from './client';
import { prepared } from './prepared';
import { userDataVersions } from './schema';

/** The user's data version (schema.ts `userDataVersions`); 0 before their first write. */
export async function readDataVersion(db: Database, userId: string): Promise<number> {
  const [row] = await versionQuery(db).execute({ userId });
  return row?.version ?? 0;
}

const versionQuery = prepared((db) =>
  db
    .select({ version: userDataVersions.version })
    .from(userDataVersions)
    .where(eq(userDataVersions.userId, sql.placeholder('userId')))
    .prepare('user_data_version'),
);

/**
 * Results that are costly to compute, remembered per user and key with the data version read *before*
 * computing them: a write that lands while one is computed changes the version, so the next reader
 * computes again instead of reusing a result that may have missed it. Reused only while the version is
 * unchanged, so every process sees every write at once. At most `maxEntries` per database handle; the
 * least recently used go first. Callers must not change a returned value: the next reader gets the same one.
 */
export function versionedCache<Value>(maxEntries: number) {
  const perDb = new WeakMap<Database, Map<string, { version: number; value: Value }>>();
  return async function remembered(
    db: Database,
    { userId, key }: { userId: string; key: string },
    compute: () => Promise<Value>,
  ): Promise<Value> {
    const version = await readDataVersion(db, userId);
    let entries = perDb.get(db);
    if (!entries) perDb.set(db, (entries = new Map<string, { version: number; value: Value }>()));
    const id = `${userId} ${key}`;
    const known = entries.get(id);
    entries.delete(id);
    const entry = known?.version === version ? known : { version, value: await compute() };
    // Re-inserted at the end: a Map keeps insertion order, so the first key is the least recently used.
    entries.set(id, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return entry.value;
  };
}
