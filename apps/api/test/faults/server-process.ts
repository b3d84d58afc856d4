import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import { findFreePort } from '../../src/lib/free-port';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const running = new Set<ChildProcess>();
const OUTPUT_KEPT = 8_000;

/** For afterAll: a test that failed half-way must not leave a server running. */
export function killRunningServers() {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * The real server process, exactly as `npm start` runs it (one node process with tsx as a loader), on
 * the given data folder; `env` adds to or overrides its settings (DATABASE_URL, LOG_LEVEL).
 */
export async function startServer(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      // Tests never reach the internet: no daily fetch of the ECB's exchange rates.
      RATES_URL: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  // Always read what it prints: a full pipe would stall the server. The end of it explains a failed start.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  // First start initialises PostgreSQL: slow on a busy 2-core machine, hence the generous bound.
  for (let waited = 0; waited < 150_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    // `output` explains a later failure: the end of what the server printed.
    if (health?.ok) return { child, base, output: () => output };
    await sleep(250);
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

export function stopServer(child: ChildProcess, signal: NodeJS.Signals) {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}

/** The legacy client's "add an expense": one rent payment, whose later presence shows nothing was lost. */
export function postRent(base: string, authorization: string) {
  return fetch(`${base}/api/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({
      name: 'Rent',
      category: 'Housing',
      cost: 1250.5,
      addedOn: '2026-02-01',
      isIncome: false,
    }),
  });
}
