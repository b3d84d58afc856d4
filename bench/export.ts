import fs from 'node:fs';

import { connect } from './database';

/** Exports and COPYs timed, alternately: one COPY alone swung by ±20 % between runs on an idle machine. */
const RUNS = 3;

/**
 * Downloads the heavy user's CSV export RUNS times, counting rows as they arrive and sampling the server's
 * resident memory, and after each download reads the same rows with `COPY … TO STDOUT` (PostgreSQL
 * formatting the CSV itself) over a connection of this process: the ceiling an export could reach. Reports
 * the medians and the server's resident growth: over the first download (the measure), and over
 * all of them (the collector frees an export's buffers late, so they can add up across downloads).
 */
export async function measureExport({
  base,
  token,
  databaseUrl,
  userId,
  serverPid,
}: {
  base: string;
  token: string;
  databaseUrl: string;
  userId: string;
  serverPid: number;
}) {
  if (!/^[0-9a-f-]{36}$/.test(userId)) throw new Error('not a uuid');
  const rssBefore = residentBytes(serverPid);
  let peak = rssBefore;
  let firstPeak = rssBefore;
  const exportRates: number[] = [];
  const copyRates: number[] = [];
  let rows = 0;
  let copyRows = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(serverPid))), 5);
    const started = performance.now();
    const response = await fetch(`${base}/api/transactions/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let lines = 0;
    for await (const chunk of response.body) lines += countNewlines(chunk as Uint8Array);
    const exportMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, residentBytes(serverPid));
    if (run === 0) firstPeak = peak;
    rows = lines - 1; // the header
    exportRates.push(rows / (exportMs / 1000));

    // A connection of its own each time: postgres.js stopped reading the third or later COPY of one pool.
    const sql = connect(databaseUrl);
    await sql`select 1`; // connected before the clock starts
    const copyStarted = performance.now();
    // COPY takes no bind parameters; the id is our own, checked above.
    const readable = await sql
      .unsafe(
        `copy (
        select occurred_on, name, category, case when is_income then 'income' else 'expense' end,
          to_char(amount_cents / 100.0, 'FM999999999990.00'), note
        from transactions
        where user_id = '${userId}' and deleted_at is null
        order by occurred_on desc nulls last, created_at desc nulls last, id desc nulls last
      ) to stdout with (format csv)`,
      )
      .readable();
    copyRows = 0;
    for await (const chunk of readable) copyRows += countNewlines(chunk as Uint8Array);
    copyRates.push(copyRows / ((performance.now() - copyStarted) / 1000));
    await sql.end();
  }

  const rowsPerSecond = Math.round(median(exportRates));
  const copyRowsPerSecond = Math.round(median(copyRates));
  return {
    rows,
    runs: RUNS,
    rowsPerSecond,
    copyRows,
    copyRowsPerSecond,
    ratioToCopy: Math.round((rowsPerSecond / copyRowsPerSecond) * 1000) / 1000,
    rssGrowthMb: megabytes(firstPeak - rssBefore),
    rssGrowthMbAllRuns: megabytes(peak - rssBefore),
  };
}

const megabytes = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function countNewlines(chunk: Uint8Array): number {
  let count = 0;
  for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) count += 1;
  return count;
}

function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
