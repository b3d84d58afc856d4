import { eq, sql } from 'drizzle-orm';

import type { Database } from './client';
import { prepared } from './prepared';
import { userDataVersions } from './schema';

/** The user's data version (schema.ts `userDataVersions`); 0 before their first write. */
export async function readDataVersion(db: Database, userId: string): Promise<number> {
  const [row] = await versionQuery(db).execute({ userId });
  return row?.version ?? 0;
}

/**
 * The same version as an expression (a scalar subquery; null before the first write) over the placeholder
 * `userId`, for a query that reads it beside its own rows: then `versionedCache` needs no round trip of its
 * own. Read in the same statement, it is read before anything computed after that statement.
 */
export const dataVersionOfUser = sql<
  number | null
>`(select ${userDataVersions.version} from ${userDataVersions} where ${userDataVersions.userId} = ${sql.placeholder('userId')})`;

const versionQuery = prepared((db) =>
  db
    .select({ version: userDataVersions.version })
    .from(userDataVersions)
    .where(eq(userDataVersions.userId, sql.placeholder('userId')))
    .prepare('user_data_version'),
);

type Remembered<Value> = { version: number; value: Value; size: number };

/**
 * Results that are costly to compute, remembered per user and key with the data version read *before*
 * computing them: a write that lands while one is computed changes the version, so the next reader
 * computes again instead of reusing a result that may have missed it. Reused only while the version is
 * unchanged, so every process sees every write at once. Per database handle, the remembered values' sizes
 * (`sizeOf`, e.g. rows) add up to at most `maxSize`; the least recently used go first, and a value larger
 * than that on its own is not kept. Callers must not change a returned value: the next reader gets it too.
 */
export function versionedCache<Value>({
  maxSize,
  sizeOf = () => 1,
}: {
  maxSize: number;
  sizeOf?: (value: Value) => number;
}) {
  const perDb = new WeakMap<Database, { entries: Map<string, Remembered<Value>>; size: number }>();
  return async function remembered(
    db: Database,
    {
      userId,
      key,
      version: known,
    }: {
      userId: string;
      key: string;
      /** The version when the caller has just read it (`dataVersionOfUser`); read here otherwise. */
      version?: number | null;
    },
    compute: () => Promise<Value>,
  ): Promise<Value> {
    const version = known === undefined ? await readDataVersion(db, userId) : (known ?? 0);
    let cache = perDb.get(db);
    if (!cache) perDb.set(db, (cache = { entries: new Map<string, Remembered<Value>>(), size: 0 }));
    const id = `${userId} ${key}`;
    const kept = cache.entries.get(id);
    if (kept) {
      cache.entries.delete(id);
      cache.size -= kept.size;
    }
    let entry = kept;
    if (entry?.version !== version) {
      const value = await compute();
      entry = { version, value, size: sizeOf(value) };
    }
    if (entry.size <= maxSize) {
      // Re-inserted at the end: a Map keeps insertion order, so the first key is the least recently used.
      cache.entries.set(id, entry);
      cache.size += entry.size;
    }
    for (const [oldest, { size }] of cache.entries) {
      if (cache.size <= maxSize) break;
      cache.entries.delete(oldest);
      cache.size -= size;
    }
    return entry.value;
  };
}
