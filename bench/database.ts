import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

import { createDatabase, migrateDatabase } from '../apps/api/src/db/client';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded';

export type BenchDatabase = { url: string; stop: () => Promise<void> };

/**
 * BENCH_DATABASE_URL (an empty database that this run may fill), or an embedded PostgreSQL in a temp
 * folder that is removed afterwards. Either way the app's migrations are applied first.
 */
export async function openBenchDatabase(log: (message: string) => void): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  let url = external ?? '';
  let stop = async () => {};
  if (!external) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-bench-'));
    log(`embedded PostgreSQL in ${folder}`);
    const embedded = await startEmbeddedPostgres(folder, log);
    url = embedded.url;
    stop = async () => {
      await embedded.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    };
  }
  const database = createDatabase(url, { max: 1 });
  await migrateDatabase(database.db);
  await database.close();
  return { url, stop };
}

export function connect(url: string, max = 1) {
  return postgres(url, { max, onnotice: () => {} });
}
