// A bounded soak: the real server (embedded PostgreSQL, jobs on) under mixed reads and writes for
// SOAK_SECONDS (default 60) at the highest rate it holds with 10 connections. Prints errors, throughput,
// latency and the server's memory over time. Run: `npm run bench:soak` at the repository root.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const port = Number(process.env.SOAK_PORT ?? 4391);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-soak-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(root, 'apps/api'),
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    AUTH_ATTEMPTS_PER_IP: '1000',
  },
  stdio: 'inherit',
});

/** Resident memory of the server process in MB, from /proc. */
function rssMb(): number {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main() {
  for (let waited = 0; !(await fetch(`${base}/api/health`).catch(() => undefined))?.ok; waited += 250) {
    if (waited > 120_000) throw new Error('server did not start');
    await sleep(250);
  }
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `soak-${Date.now()}@paisable.dev`, password: 'Soak#1234' }),
  });
  const { token } = (await signup.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const transaction = JSON.stringify({
    name: 'Coffee',
    category: 'Food',
    cost: 3.2,
    addedOn: '2026-11-01',
    isIncome: false,
  });

  const memory: number[] = [];
  const sampler = setInterval(() => memory.push(rssMb()), 1000);
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: seconds,
    // Each connection cycles through: a write, then the reads a user's pages make after it.
    requests: [
      { method: 'POST', path: '/api/transactions', headers, body: transaction },
      { method: 'GET', path: '/api/transactions?page=1&limit=10', headers },
      { method: 'GET', path: '/api/transactions/summary', headers },
      { method: 'GET', path: '/api/transactions/charts', headers },
      { method: 'GET', path: '/api/budgets', headers },
      { method: 'GET', path: '/api/transactions?search=coffee', headers },
    ],
  });
  clearInterval(sampler);

  const warm = memory[Math.min(10, memory.length - 1)] ?? 0;
  const last = memory.at(-1) ?? 0;
  const bad = result.non2xx + result.errors + result.timeouts;
  console.log(`\nsoak: ${seconds} s, 10 connections, mixed writes and reads`);
  console.log(`requests ${result.requests.total}, ${result.requests.average.toFixed(0)} req/s average`);
  console.log(
    `latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms`,
  );
  console.log(`errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`);
  console.log(
    `server RSS: ${memory[0]?.toFixed(0)} MB at start, ${warm.toFixed(0)} MB after 10 s, ${last.toFixed(0)} MB at the end, peak ${Math.max(...memory).toFixed(0)} MB`,
  );
  return bad === 0 ? 0 : 1;
}

main()
  .then(
    (code) => code,
    (error: unknown) => {
      console.error(error);
      return 1;
    },
  )
  .then(async (code) => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  });
