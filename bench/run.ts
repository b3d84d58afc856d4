/**
 * The benchmark: seed (unless the database already holds the bench data), start the real server
 * (apps/api/src/server.ts) in a child process with a bare Fastify baseline beside it, load each endpoint
 * as the heavy user from this process, measure the CSV export and the writes, and write bench/results/latest.json.
 *
 * Settings (environment): BENCH_DATABASE_URL, BENCH_SEED, BENCH_ANCHOR (last data day, default today),
 * BENCH_SECONDS (per endpoint, default 10), BENCH_CONNECTIONS (default 10), BENCH_ONLY (comma-separated
 * endpoint names, `export`, `writes`), BENCH_SMALL=1 (a small data set, to try the harness quickly).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { findFreePort } from '../apps/api/src/lib/free-port';
import { RATE_MAX_AGE_DAYS } from '../packages/contracts/src/rates-rules';
import type { Summary } from '../packages/contracts/src/summary';
import { connect, openBenchDatabase } from './database';
import { endpoints, ONE_QUERY } from './endpoints';
import { measureExport } from './export';
import { hammer, type LoadResult } from './load';
import { seededHeavyUser } from './seed';
import { logIn, startServer, stopServer } from './server';
import { measureWrites } from './writes';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (message: string) => console.log(`[bench] ${message}`);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

async function main() {
  const database = await openBenchDatabase(log);
  const sql = connect(database.url);
  let server: ChildProcess | undefined;
  try {
    const heavy = await seededHeavyUser(sql, log);
    await checkTotals(sql, heavy);
    await checkSplitsAndTags(sql);
    await checkCurrencies(sql, heavy);

    const port = await findFreePort();
    const baselinePort = await findFreePort();
    server = await startServer(database.url, port, baselinePort);
    const base = `http://127.0.0.1:${port}`;
    const token = await logIn(base);
    await checkConversion(base, token);

    const results: Record<string, LoadResult> = {};
    const run = async (name: string, url: string, auth?: string) => {
      await hammer(url, { token: auth, connections, seconds: 1 }); // warm-up: JIT, caches, pool
      const result = await hammer(url, { token: auth, connections, seconds });
      results[name] = result;
      log(
        `${name.padEnd(18)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms${result.errors ? `  ERRORS ${result.errors}` : ''}`,
      );
    };

    if (!only || only.includes('baseline'))
      await run('baseline', `http://127.0.0.1:${baselinePort}/baseline`);
    const deepPage = Math.max(1, Math.floor((heavy.live / 10) * 0.9));
    // The heavy user's second account (a quarter of the rows or so), when the schema has accounts.
    const [account] = await sql<{ id: string }[]>`
      select id from accounts where user_id = ${heavy.id} order by position offset 1 limit 1`.catch(() => []);
    for (const endpoint of endpoints(deepPage, account?.id)) {
      // The reference runs whenever anything else is measured, so every ratio comes from the same run.
      if (only && !only.includes(endpoint.name) && endpoint.name !== ONE_QUERY) continue;
      const probe = await fetch(base + endpoint.path, { headers: { authorization: `Bearer ${token}` } });
      if (probe.status === 404 && endpoint.optional) {
        log(`${endpoint.name.padEnd(18)} not registered yet: skipped`);
        continue;
      }
      if (probe.status !== 200)
        throw new Error(`${endpoint.path} answered ${probe.status}: ${await probe.text()}`);
      await run(endpoint.name, base + endpoint.path, token);
    }
    const ratio = (rps: number, reference: number | undefined) =>
      reference ? Math.round((rps / reference) * 1000) / 1000 : undefined;
    for (const result of Object.values(results)) {
      result.ratio = ratio(result.rps, results[ONE_QUERY]?.rps);
      result.ratioToBaseline = ratio(result.rps, results.baseline?.rps);
    }

    let exportResult: Awaited<ReturnType<typeof measureExport>> | undefined;
    if (!only || only.includes('export')) {
      exportResult = await measureExport({
        base,
        token,
        databaseUrl: database.url,
        userId: heavy.id,
        serverPid: server.pid!,
      });
      log(
        `export: ${exportResult.rows} rows, median of ${exportResult.runs}: ${exportResult.rowsPerSecond} rows/s (COPY TO STDOUT ${exportResult.copyRowsPerSecond} rows/s, ratio ${exportResult.ratioToCopy}), peak RSS growth ${exportResult.rssGrowthMb} MB (${exportResult.rssGrowthMbAllRuns} MB over the ${exportResult.runs})`,
      );
    }

    let writes: Awaited<ReturnType<typeof measureWrites>> | undefined;
    if (!only || only.includes('writes')) {
      writes = await measureWrites({ base, token, sql, userId: heavy.id, connections, seconds });
      const { singleInserts: inserts, bulkDelete, bulkEdit } = writes;
      log(
        `writes: single inserts ${inserts.rps.toFixed(0)} req/s p95 ${inserts.p95} ms${inserts.errors ? ` ERRORS ${inserts.errors}` : ''}; bulk delete of ${bulkDelete.rows} rows ${bulkDelete.medianMs} ms (median of ${bulkDelete.runs}); bulk edit of ${bulkEdit.rows} rows ${bulkEdit.medianMs} ms (median, max ${bulkEdit.maxMs})`,
      );
    }

    printTable(results);
    const output = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      settings: { connections, seconds, heavyLiveTransactions: heavy.live, deepPage },
      endpoints: Object.fromEntries(
        Object.entries(results).map(([name, r]) => [
          name,
          {
            rps: r.rps,
            p50: r.p50,
            p95: r.p95,
            p99: r.p99,
            ratio: r.ratio,
            ratioToBaseline: r.ratioToBaseline,
            errors: r.errors,
          },
        ]),
      ),
      export: exportResult,
      writes,
    };
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    // A small or partial try-out must not overwrite the figures of a full run.
    const partial = process.env.BENCH_SMALL === '1' || only !== undefined;
    const file = partial ? 'results/partial.json' : 'results/latest.json';
    fs.writeFileSync(path.join(here, file), `${JSON.stringify(output, null, 2)}\n`);
    log(`written bench/${file}`);
  } finally {
    if (server) await stopServer(server);
    await sql.end();
    if (!process.env.BENCH_DATABASE_URL) await database.stop();
  }
}

/** The pre-aggregated totals (when the schema has them) must agree with the rows, or the figures lie. */
async function checkTotals(sql: ReturnType<typeof connect>, heavy: { id: string; live: number }) {
  const [table] =
    await sql`select 1 from information_schema.tables where table_name = 'transaction_day_totals'`;
  if (!table) return;
  const [totals] = await sql<{ count: number }[]>`
    select coalesce(sum(count), 0)::int as count from transaction_day_totals where user_id = ${heavy.id}`;
  if (totals?.count !== heavy.live)
    throw new Error(`day totals say ${totals?.count} rows, the table has ${heavy.live}`);
}

/**
 * Issue 35's mix: about 10 % of the rows split (each adding up exactly to its row) and 30 % tagged. A
 * database seeded before splits and tags has neither: say so, as its list and budget figures are not
 * comparable.
 */
async function checkSplitsAndTags(sql: ReturnType<typeof connect>) {
  const [table] = await sql`select 1 from information_schema.tables where table_name = 'transaction_splits'`;
  if (!table) return;
  const [mix] = await sql<{ rows: number; split: number; tagged: number; wrong: number }[]>`
    select (select count(*)::int from transactions) as rows,
      (select count(*)::int from transactions where is_split) as split,
      (select count(distinct transaction_id)::int from transaction_tags) as tagged,
      (select count(*)::int from transactions t where t.is_split and t.amount_cents is distinct from
        (select sum(s.amount_cents) from transaction_splits s where s.transaction_id = t.id)) as wrong`;
  if (!mix) return;
  if (mix.wrong > 0) throw new Error(`${mix.wrong} split rows whose lines do not add up to their amount`);
  const share = (count: number) => `${((count / Math.max(1, mix.rows)) * 100).toFixed(1)} %`;
  log(`rows: ${mix.rows}, split ${share(mix.split)}, tagged ${share(mix.tagged)}`);
  if (mix.split === 0 || mix.tagged === 0)
    log('no split or tagged rows: this database was seeded before splits and tags; seed a fresh one');
}

/**
 * Issue 34's mix: the heavy user's rows in dollars, euros and yen, and the shared rates that convert them. A
 * database seeded before currencies has only dollars (nothing is converted): say so.
 */
async function checkCurrencies(sql: ReturnType<typeof connect>, heavy: { id: string }) {
  const [column] = await sql`
    select 1 from information_schema.columns where table_name = 'transactions' and column_name = 'currency'`;
  if (!column) return;
  const mix = await sql<{ currency: string; rows: number }[]>`
    select currency, count(*)::int as rows from transactions where user_id = ${heavy.id}
    group by currency order by currency`;
  const [rates] = await sql<{ count: number; last: string | null }[]>`
    select count(*)::int as count, max(day)::text as last from exchange_rates where user_id is null`;
  log(
    `heavy user's rows by currency: ${mix.map((entry) => `${entry.currency} ${entry.rows}`).join(', ')}; ` +
      `shared rates: ${rates?.count ?? 0} up to ${rates?.last ?? 'none'}`,
  );
  if (mix.length < 2) log('the heavy user has one currency: this database was seeded before currencies');
  const today = new Date().toISOString().slice(0, 10);
  if (rates?.last && Date.parse(today) - Date.parse(rates.last) > RATE_MAX_AGE_DAYS * 86_400_000)
    log(
      `the newest rate is over ${RATE_MAX_AGE_DAYS} days old: today's balances miss their rate; seed afresh`,
    );
}

/** The dashboard's figures convert every currency (none left out for want of a rate), or they measure less. */
async function checkConversion(base: string, token: string) {
  const input = encodeURIComponent(JSON.stringify({ preset: 'last-12-months' }));
  const response = await fetch(`${base}/trpc/transactions.summary?input=${input}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`transactions.summary answered ${response.status}`);
  const { result } = (await response.json()) as { result: { data: Summary } };
  const converted = Object.values(result.data.conversions);
  const missing = [
    ...new Set(converted.flatMap((conversion) => conversion?.missing ?? []).map((gap) => gap.currency)),
  ];
  const rated = [
    ...new Set(converted.flatMap((conversion) => conversion?.rates ?? []).map((rate) => rate.currency)),
  ];
  log(
    `summary in ${result.data.currency}: converted ${rated.join(', ') || 'nothing'}${missing.length ? `; NO RATE for ${missing.join(', ')}` : ''}`,
  );
}

function printTable(results: Record<string, LoadResult>) {
  const format = (ratio: number | undefined) => (ratio === undefined ? '–' : ratio.toFixed(2)).padStart(9);
  console.log(`\nendpoint            req/s     p50     p95     p99  ÷ ${ONE_QUERY}  ÷ baseline`);
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name.padEnd(18)} ${r.rps.toFixed(0).padStart(6)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${format(r.ratio)}  ${format(r.ratioToBaseline)}`,
    );
  }
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
