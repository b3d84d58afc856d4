import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

import { createDatabase, migrateDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: an embedded one in a temporary folder, or — to prove the app
 * works on an external PostgreSQL 15+ — a fresh database created on the server of TEST_DATABASE_URL and
 * dropped afterwards. Each test seeds its own users, so nothing is truncated and files run in parallel.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL)
    : await startScratchEmbedded();

  const database = createDatabase(server.url, { max: 1 });
  await migrateDatabase(database.db);
  await database.close();
  project.provide('databaseUrl', server.url);
  return server.teardown;
}

async function startScratchEmbedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-test-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  return {
    url: embedded.url,
    teardown: async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createScratchDatabase(serverUrl: string) {
  const name = `paisable_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    teardown: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
