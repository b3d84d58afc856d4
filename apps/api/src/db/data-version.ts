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
 * `userId`, for a query that reads it beside its own rows: then the remembered results (lib/remembered.ts) need no round trip of its
 * own. Read in the same statement, it is read before anything computed after that statement.
 */
export const dataVersionOfUser = sql<
  number | null
>`(select ${userDataVersions.version} from ${userDataVersions} where ${userDataVersions.userId} = ${sql.placeholder('userId')})`
  // A bigint from a subquery reaches us as text; as a number it equals the version `readDataVersion` reads, so a
  // result remembered under one is found under the other.
  .mapWith(Number);

const versionQuery = prepared((db) =>
  db
    .select({ version: userDataVersions.version })
    .from(userDataVersions)
    .where(eq(userDataVersions.userId, sql.placeholder('userId')))
    .prepare('user_data_version'),
);
