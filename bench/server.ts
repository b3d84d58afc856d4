import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { BENCH_PASSWORD, HEAVY_EMAIL } from './seed';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The real server (apps/api/src/server.ts) in a child process, with `baseline-preload.mjs` (and any other
 * `preloads`, e.g. cpu-preload.mjs) loaded into it.
 */
export async function startServer(
  databaseUrl: string,
  port: number,
  baselinePort: number,
  preloads: string[] = [],
  /** The checkout whose server runs (another one's, to compare two versions of the code). */
  root = path.join(here, '..'),
): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-bench-server-'));
  const child = spawn(
    process.execPath,
    [
      // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      '--import',
      path.join(here, 'baseline-preload.mjs'),
      ...preloads.flatMap((preload) => ['--import', path.join(here, preload)]),
      path.join(root, 'apps/api/src/server.ts'),
    ],
    {
      cwd: path.join(root, 'apps/api'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        // Jobs (daily purge, recurring) run in the same process in a default install, but they only wake
        // up on schedule; the load run keeps them off so their polling does not blur the figures.
        RUN_JOBS: process.env.BENCH_RUN_JOBS ?? 'false',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
        LOG_LEVEL: 'warn',
        BENCH_BASELINE_PORT: String(baselinePort),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready:')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  child.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return child;
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The heavy user's bearer token. */
export async function logIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: HEAVY_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
