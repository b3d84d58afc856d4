/**
 * CPU time per request in the API process, route by route: not throughput. The machine may be busy with
 * anything else; the figure is what the server process itself spent (`process.cpuUsage()` read inside it,
 * cpu-preload.mjs), so it stays comparable where req/s and latencies do not.
 *
 * Starts the real server (as run.ts does) on BENCH_DATABASE_URL, seeding it first when it has no bench data
 * (a small set with BENCH_SMALL=1), logs in as the heavy user, and for each endpoint of run.ts sends
 * BENCH_CPU_REQUESTS (default 2000) sequential requests over one keep-alive connection after 200 to warm
 * up, BENCH_CPU_RUNS times (default 3; each run takes every endpoint in turn), and prints the median µs of CPU per request and its ratio to the
 * `one query` route's. Settings: BENCH_ONLY (endpoint names), BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to see where the time goes), BENCH_CPU_COMPARE (the path of another checkout,
 * e.g. a `git worktree` of the previous commit with its dependencies installed: its server runs beside this
 * one's on the same database and each run measures both in turn, as `<endpoint> (before)`, so a busy machine
 * weighs on both alike). Writes bench/results/cpu.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { findFreePort } from '../apps/api/src/lib/free-port';
import { connect, openBenchDatabase } from './database';
import { endpoints, ONE_QUERY } from './endpoints';
import { seededHeavyUser } from './seed';
import { logIn, startServer, stopServer } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (message: string) => console.log(`[bench cpu] ${message}`);
const requests = Number(process.env.BENCH_CPU_REQUESTS ?? 2000);
const runs = Number(process.env.BENCH_CPU_RUNS ?? 3);
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

// One connection kept open, as a browser's: the figure has no connection set-up in it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** GETs `url` and reads the whole answer; autocannon's way: no Accept-Encoding, so nothing is compressed. */
function get(url: string, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/**
 * The CPU the database's server processes (the backends of the servers' pools) have spent so far, in µs,
 * from /proc/<pid>/sched: the app's PostgreSQL share of a request, which the machine's cores serve beside
 * the app's own. Undefined when the server is not on this machine (nothing to read). The harness's own
 * backend is left out; a pool connection that closes meanwhile would take its time with it (pools keep theirs).
 */
async function databaseCpuMicros(sql: ReturnType<typeof connect>): Promise<number | undefined> {
  const backends = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
  let total = 0;
  for (const { pid } of backends) {
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${pid}/sched`, 'utf8');
    } catch {
      return undefined;
    }
    // Milliseconds with six decimals: nanoseconds of time on a CPU.
    const runtime = /se\.sum_exec_runtime\s*:\s*([\d.]+)/.exec(text)?.[1];
    if (runtime === undefined) return undefined;
    total += Number(runtime) * 1000;
  }
  return total;
}

async function main() {
  const database = await openBenchDatabase(log);
  const sql = connect(database.url);
  const children: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const heavy = await seededHeavyUser(sql, log);
    const [account] = await sql<{ id: string }[]>`
      select id from accounts where user_id = ${heavy.id} order by position offset 1 limit 1`;

    const compare = process.env.BENCH_CPU_COMPARE;
    const servers: { label: string; base: string; cpuPort: number; token: string }[] = [];
    for (const [label, root] of compare
      ? ([
          ['', undefined],
          [' (before)', compare],
        ] as const)
      : ([['', undefined]] as const)) {
      const port = await findFreePort();
      const cpuPort = await findFreePort();
      process.env.BENCH_CPU_PORT = String(cpuPort);
      const started = await startServer(database.url, port, await findFreePort(), ['cpu-preload.mjs'], root);
      children.push(started);
      const base = `http://127.0.0.1:${port}`;
      servers.push({ label, base, cpuPort, token: await logIn(base) });
    }
    const cpuNow = async (cpuPort: number) => {
      const { user, system } = JSON.parse((await get(`http://127.0.0.1:${cpuPort}/`)).body) as {
        user: number;
        system: number;
      };
      return user + system;
    };

    const deepPage = Math.max(1, Math.floor((heavy.live / 10) * 0.9));
    const results: Record<
      string,
      { cpuMicros: number; runs: number[]; ratio?: number; databaseMicros?: number; databaseRuns: number[] }
    > = {};
    const measured: { name: string; url: string; token: string; cpuPort: number }[] = [];
    for (const endpoint of endpoints(deepPage, account?.id)) {
      if (only && !only.includes(endpoint.name) && endpoint.name !== ONE_QUERY) continue;
      for (const { label, base, cpuPort, token } of servers) {
        const url = base + endpoint.path;
        const probe = await get(url, token);
        if (probe.status === 404 && endpoint.optional) continue;
        if (probe.status !== 200) throw new Error(`${endpoint.path} answered ${probe.status}: ${probe.body}`);
        for (let index = 0; index < 200; index++) await get(url, token);
        measured.push({ name: endpoint.name + label, url, token, cpuPort });
        results[endpoint.name + label] = { cpuMicros: 0, runs: [], databaseRuns: [] };
      }
    }
    // Run by run, every endpoint in turn: what else loads the machine meanwhile weighs on all of them alike.
    for (let run = 0; run < runs; run++) {
      for (const { name, url, token, cpuPort } of measured) {
        const databaseBefore = await databaseCpuMicros(sql);
        const before = await cpuNow(cpuPort);
        for (let index = 0; index < requests; index++) await get(url, token);
        results[name]!.runs.push(Math.round(((await cpuNow(cpuPort)) - before) / requests));
        const databaseAfter = await databaseCpuMicros(sql);
        if (databaseBefore !== undefined && databaseAfter !== undefined)
          results[name]!.databaseRuns.push(Math.round((databaseAfter - databaseBefore) / requests));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    for (const [name, result] of Object.entries(results)) {
      result.cpuMicros = median(result.runs)!;
      result.databaseMicros = median(result.databaseRuns);
      const database =
        result.databaseMicros === undefined
          ? ''
          : `; PostgreSQL ${result.databaseMicros} µs (${result.databaseRuns.join(', ')})`;
      log(`${name.padEnd(28)} ${result.cpuMicros} µs CPU/request (${result.runs.join(', ')})${database}`);
    }
    const referenceOf = (name: string) =>
      results[name.endsWith(' (before)') ? `${ONE_QUERY} (before)` : ONE_QUERY];
    const share = (reference: number | undefined, own: number | undefined) =>
      reference && own ? Math.round((reference / own) * 100) / 100 : undefined;
    console.log(
      `\nendpoint                      µs CPU/request  ÷ ${ONE_QUERY} (its share of CPU)   PostgreSQL µs  ÷ ${ONE_QUERY} (both)`,
    );
    for (const [name, result] of Object.entries(results)) {
      // The one-query route's CPU over this route's: what its req/s would be relative, were CPU the limit.
      // "Both" counts the app's and its PostgreSQL backends' CPU: on a machine whose cores serve both.
      const reference = referenceOf(name);
      result.ratio = share(reference?.cpuMicros, result.cpuMicros);
      const both = (entry: typeof result | undefined) =>
        entry?.databaseMicros === undefined ? undefined : entry.cpuMicros + entry.databaseMicros;
      const bothRatio = share(both(reference), both(result));
      console.log(
        `${name.padEnd(28)} ${String(result.cpuMicros).padStart(10)}  ${String(result.ratio ?? '–').padStart(8)}` +
          `${String(result.databaseMicros ?? '–').padStart(38)}  ${String(bothRatio ?? '–').padStart(8)}`,
      );
    }
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(here, 'results/cpu.json'),
      `${JSON.stringify({ date: new Date().toISOString(), requests, runs, endpoints: results }, null, 2)}\n`,
    );
    log('written bench/results/cpu.json');
  } finally {
    agent.destroy();
    for (const child of children) await stopServer(child);
    await sql.end();
    if (!process.env.BENCH_DATABASE_URL) await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
