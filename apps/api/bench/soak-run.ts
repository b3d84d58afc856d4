/**
 * The soak run that `npm run bench:soak` (bench/soak.ts) and the soak test (test/soak, in `npm test`)
 * share: the real server process, as `npm start` runs it (embedded PostgreSQL in a data folder of its own,
 * jobs on), under mixed writes and reads from autocannon at the highest rate it holds, with no rate cap.
 * Reports errors, throughput, latency, the server's memory, and whether every write was stored.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

import { findFreePort } from '../src/lib/free-port';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;

/** The one transaction every write creates: its cost makes the stored total checkable to the cent. */
const TRANSACTION = { name: 'Coffee', category: 'Food', cost: 3.2, addedOn: '2026-11-01', isIncome: false };
const TRANSACTION_CENTS = 320;

/**
 * An unanswered request counts as a timeout after this long, and writes stop this long before the end: so
 * when autocannon cuts its connections no write can be in flight, and every write sent has its answer.
 */
const REQUEST_TIMEOUT_SECONDS = 10;

export type SoakOptions = {
  /** The run of writes and reads; writes stop REQUEST_TIMEOUT_SECONDS before its end. */
  seconds: number;
  connections: number;
  /** The first memory reading is taken this many seconds into the run. */
  warmUpSeconds: number;
};

/** The server's memory in MB right after a full garbage collection (see memory-probe.ts). */
export type MemoryReading = { heapUsed: number; external: number; rss: number };

export type SoakReport = SoakOptions & {
  writeSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latency: { p50: number; p97_5: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  /** POSTs written, POSTs answered 201, and the rows (and cents) the API then says are stored. */
  writes: { sent: number; created: number; stored: number; storedExpensesCents: number };
  memory: { afterWarmUp: MemoryReading; atEnd: MemoryReading };
  /** The server's RSS in MB once a second, as it is (garbage included), to show its course. */
  rssSamples: number[];
};

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const server = await startServer();
  try {
    return await soak(server, options);
  } finally {
    await server.stop();
  }
}

async function soak(server: Server, options: SoakOptions): Promise<SoakReport> {
  const token = await signUp(server.base);
  const readHeaders = { authorization: `Bearer ${token}` };
  const writeHeaders = { ...readHeaders, 'content-type': 'application/json' };
  const list = '/api/transactions?page=1&limit=10';
  const writeSeconds = options.seconds - REQUEST_TIMEOUT_SECONDS;
  const writesUntil = Date.now() + writeSeconds * 1000;
  const writes = { sent: 0, created: 0 };

  const rssSamples: number[] = [];
  const sampler = setInterval(() => {
    const sample = residentMb(server.child);
    if (sample !== undefined) rssSamples.push(sample);
  }, 1000);
  const afterWarmUp = sleep(options.warmUpSeconds * 1000).then(() => server.readMemory());
  // Awaited once the run is over; until then a failed reading must not count as unhandled.
  afterWarmUp.catch(() => undefined);
  const run = await autocannon({
    url: server.base,
    connections: options.connections,
    duration: options.seconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
    // Each connection cycles through a write, then the reads a user's pages make after it.
    requests: [
      {
        method: 'POST',
        path: '/api/transactions',
        headers: writeHeaders,
        body: JSON.stringify(TRANSACTION),
        // Called as each request is built, right before it is sent. Past the write window it becomes a read.
        setupRequest: (request) => {
          if (Date.now() >= writesUntil) {
            return { ...request, method: 'GET', path: list, headers: readHeaders, body: Buffer.alloc(0) };
          }
          writes.sent += 1;
          return request;
        },
        onResponse: (status) => {
          if (status === 201) writes.created += 1;
        },
      },
      { method: 'GET', path: list, headers: readHeaders },
      { method: 'GET', path: '/api/transactions/summary', headers: readHeaders },
      { method: 'GET', path: '/api/transactions/charts', headers: readHeaders },
      { method: 'GET', path: '/api/budgets', headers: readHeaders },
      { method: 'GET', path: '/api/transactions?search=coffee', headers: readHeaders },
    ],
  });
  clearInterval(sampler);
  const stored = await storedWrites(server.base, readHeaders);

  return {
    ...options,
    writeSeconds,
    requests: run.requests.total,
    requestsPerSecond: run.requests.average,
    latency: { p50: run.latency.p50, p97_5: run.latency.p97_5, p99: run.latency.p99, max: run.latency.max },
    errors: run.errors,
    timeouts: run.timeouts,
    non2xx: run.non2xx,
    writes: { ...writes, ...stored },
    memory: { afterWarmUp: await afterWarmUp, atEnd: await server.readMemory() },
    rssSamples,
  };
}

/** What the API says is stored once the load is over: the row count and the expenses total. */
async function storedWrites(base: string, headers: Record<string, string>) {
  // With one row per page, the page count is the row count.
  const list = await getJson<{ totalPages: number }>(`${base}/api/transactions?limit=1`, headers);
  const summary = await getJson<{ totalExpenses: number }>(`${base}/api/transactions/summary`, headers);
  return { stored: list.totalPages, storedExpensesCents: Math.round(summary.totalExpenses * 100) };
}

export function expectedExpensesCents(created: number) {
  return created * TRANSACTION_CENTS;
}

/** The figures, one per line, for a person reading the output. */
export function describeSoak(report: SoakReport): string[] {
  const { afterWarmUp, atEnd } = report.memory;
  const { latency, writes } = report;
  const mb = (value: number) => value.toFixed(0);
  const reading = (memory: MemoryReading) =>
    `heap ${mb(memory.heapUsed)} MB, external ${mb(memory.external)} MB, RSS ${mb(memory.rss)} MB`;
  return [
    `soak: ${report.seconds} s, ${report.connections} connections, ` +
      `writes and reads for the first ${report.writeSeconds} s, then reads`,
    `requests ${report.requests}, ${report.requestsPerSecond.toFixed(0)} req/s average`,
    `latency p50 ${latency.p50} ms, p97.5 ${latency.p97_5} ms, p99 ${latency.p99} ms, max ${latency.max} ms`,
    `errors ${report.errors}, timeouts ${report.timeouts}, non-2xx ${report.non2xx}`,
    `writes: ${writes.sent} sent, ${writes.created} created (201), ${writes.stored} stored; ` +
      `expenses ${writes.storedExpensesCents} cents stored, ` +
      `${expectedExpensesCents(writes.created)} expected`,
    `server memory after a full GC, ${report.warmUpSeconds} s in: ${reading(afterWarmUp)}`,
    `server memory after a full GC, at the end: ${reading(atEnd)}`,
    `server RSS every second, garbage included (MB): ${report.rssSamples.map(mb).join(' ')}`,
  ];
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** The server process on a free loopback port with a data folder of its own, once it answers /api/health. */
async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-soak-'));
  const probeFile = path.join(dataDir, 'memory.json');
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    MEMORY_PROBE_FILE: probeFile,
  };
  // Its own embedded PostgreSQL, never a database another run or test uses.
  delete env.DATABASE_URL;
  // As `npm start` runs it, plus the memory probe.
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', './bench/memory-probe.ts', 'src/server.ts'],
    // Its warnings and errors (LOG_LEVEL=warn) show in the run's output.
    { cwd: apiDir, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A clean stop also stops its PostgreSQL; one that hangs is killed, and its PostgreSQL with it.
      if ((await Promise.race([exited, sleep(30_000, 'hung')])) === 'hung') {
        child.kill('SIGKILL');
        await exited;
        stopPostgres(dataDir);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  /** Asks the probe for a reading (a full collection first) and waits for it. */
  const readMemory = async (): Promise<MemoryReading> => {
    fs.rmSync(probeFile, { force: true });
    child.kill('SIGUSR2');
    for (let waited = 0; !fs.existsSync(probeFile); waited += 50) {
      if (waited > 30_000) throw new Error('the server gave no memory reading');
      await sleep(50);
    }
    const usage = JSON.parse(fs.readFileSync(probeFile, 'utf8')) as NodeJS.MemoryUsage;
    return { heapUsed: usage.heapUsed / MB, external: usage.external / MB, rss: usage.rss / MB };
  };

  try {
    // The first start initialises PostgreSQL: slow on a busy 2-core machine, hence the generous bound.
    for (let waited = 0; ; waited += 250) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (waited > 150_000) throw new Error('the server did not become healthy');
      if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) break;
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, child, stop, readMemory };
}

function stopPostgres(dataDir: string) {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  try {
    process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
  } catch {
    // Already gone.
  }
}

async function signUp(base: string) {
  const response = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `soak-${Date.now()}@paisable.dev`, password: 'Soak#1234' }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Resident memory of a process in MB, from /proc (Linux, as this runs on); none once it is gone. */
function residentMb(child: ChildProcess): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return undefined;
  }
}
