import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { buildApp } from '../../src/app';
import { createDatabase, migrateDatabase } from '../../src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded';
import type { AppDeps } from '../../src/deps';
import { createTestDeps, seedUser } from '../helpers';

// A PostgreSQL of its own: this file stops and starts it under a running app.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-fault-'));
let server: EmbeddedDatabase = await startEmbeddedPostgres(dataDir);
const database = createDatabase(server.url, { max: 4 });
await migrateDatabase(database.db);
// The test deps' file storage and OCR, on this file's own database.
const deps: AppDeps = { ...createTestDeps(), db: database.db };
const app = await buildApp(deps);

afterAll(async () => {
  await app.close();
  await database.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL restarted under the running server', () => {
  it('answers 503 with a message at once while it is down, and works again without a restart', async () => {
    const { authorization } = await seedUser(deps);
    const me = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    const listTransactions = () =>
      app.inject({ method: 'GET', url: '/api/transactions', headers: { authorization } });
    expect((await me()).statusCode).toBe(200);

    await server.stop();

    for (const request of [me, listTransactions]) {
      const startedAt = Date.now();
      const response = await request();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: MESSAGES.serviceUnavailable });
      // Fail fast: a refused connection must not hang the request until some long timeout.
      expect(Date.now() - startedAt).toBeLessThan(6_000);
    }
    const trpc = await app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization } });
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json()).toMatchObject({ error: { message: MESSAGES.serviceUnavailable } });

    server = await startEmbeddedPostgres(dataDir, () => {}, { port: server.port });

    const again = await me();
    expect(again.statusCode).toBe(200);
    expect((await listTransactions()).json()).toMatchObject({ transactions: [] });
  });
});
