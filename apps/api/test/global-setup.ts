import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { TestProject } from 'vitest/node';

import { createDatabase, migrateDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: an embedded one in a temporary folder, or the server of
 * TEST_DATABASE_URL (to prove the app works on an external PostgreSQL 15+). Each test seeds its own
 * users, so nothing is truncated and files can run in parallel.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  const dataDir = external ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-test-'));
  const embedded = dataDir ? await startEmbeddedPostgres(dataDir) : undefined;
  const url = external ?? embedded?.url ?? '';

  const database = createDatabase(url, { max: 1 });
  await migrateDatabase(database.db);
  await database.close();
  project.provide('databaseUrl', url);

  return async () => {
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
