import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

import * as schema from './schema';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type Database = ReturnType<typeof createDatabase>['db'];
/** The handle inside `db.transaction(async (tx) => …)`. */
export type DatabaseTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either one: a service step that may run alone or as part of a larger transaction takes this. */
export type Queryable = Database | DatabaseTransaction;

export function createDatabase(url: string, options: { max?: number } = {}) {
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Fail fast when the server is gone instead of queueing requests behind a dead connection.
    connect_timeout: 5,
  });
  const db = drizzle(client, { schema, casing: 'snake_case' });
  return { db, close: () => client.end({ timeout: 5 }) };
}

export async function migrateDatabase(db: Database) {
  await migrate(db, { migrationsFolder });
}
