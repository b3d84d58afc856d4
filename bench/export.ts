import fs from 'node:fs';
import type { Sql } from 'postgres';

/**
 * Downloads the heavy user's CSV export once, counting rows as they arrive and sampling the server's
 * resident memory, then reads the same rows with `COPY … TO STDOUT` (PostgreSQL formatting the CSV
 * itself) over a connection of this process: the ceiling an export could reach.
 */
export async function measureExport({
  base,
  token,
  sql,
  userId,
  serverPid,
}: {
  base: string;
  token: string;
  sql: Sql;
  userId: string;
  serverPid: number;
}) {
  const rssBefore = residentBytes(serverPid);
  let peak = rssBefore;
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
  const rows = lines - 1; // the header

  const copyStarted = performance.now();
  if (!/^[0-9a-f-]{36}$/.test(userId)) throw new Error('not a uuid');
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
  let copyRows = 0;
  for await (const chunk of readable) copyRows += countNewlines(chunk as Uint8Array);
  const copyMs = performance.now() - copyStarted;

  const rowsPerSecond = Math.round(rows / (exportMs / 1000));
  const copyRowsPerSecond = Math.round(copyRows / (copyMs / 1000));
  return {
    rows,
    seconds: Math.round(exportMs) / 1000,
    rowsPerSecond,
    copyRows,
    copyRowsPerSecond,
    ratioToCopy: Math.round((rowsPerSecond / copyRowsPerSecond) * 1000) / 1000,
    rssGrowthMb: Math.round(((peak - rssBefore) / 2 ** 20) * 10) / 10,
  };
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
