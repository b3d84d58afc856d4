import type { connect } from './database';
import { hammer } from './load';

/** The most ids one bulk request may name (the contract's BULK_ROWS; a larger request answers 400). */
const BULK_ROWS = 1000;
/** Bulk deletes timed (each undone right after, untimed). */
const BULK_RUNS = 5;
/** What the single inserts are called, so that they can be removed afterwards. */
const INSERTED_NAME = 'Bench single insert';

/**
 * Write throughput as the heavy user (100,000 rows, so every write moves day totals and data versions of a
 * large history), through HTTP like the reads: single inserts (`POST /api/transactions`, `connections`
 * clients for `seconds`), and bulk deletes of BULK_ROWS rows picked across the whole history (the
 * largest delete the API takes), each restored right after. Removes what it added, so a reused bench
 * database stays as seeded.
 */
export async function measureWrites({
  base,
  token,
  sql,
  userId,
  connections,
  seconds,
}: {
  base: string;
  token: string;
  sql: ReturnType<typeof connect>;
  userId: string;
  connections: number;
  seconds: number;
}) {
  const url = `${base}/api/transactions`;
  const body = {
    name: INSERTED_NAME,
    category: 'Food',
    cost: '12.34',
    isIncome: false,
    addedOn: '2025-06-15',
  };
  const inserts = await hammer(url, { token, connections, seconds, body });

  const deleteMs: number[] = [];
  for (let run = 0; run < BULK_RUNS; run += 1) {
    const rows = await sql<{ id: string }[]>`
      select id from transactions where user_id = ${userId} and deleted_at is null
      order by random() limit ${BULK_ROWS}`;
    const transactionIds = rows.map(({ id }) => id);
    const started = performance.now();
    await send('DELETE', `${url}/bulk`, token, { transactionIds });
    deleteMs.push(performance.now() - started);
    await send('POST', `${url}/restore`, token, { transactionIds });
  }
  // Bulk edits of BULK_ROWS rows across the history (category and an appended note), each undone right
  // after (untimed). Transfers and split rows are left out: a bulk edit of the category refuses them.
  const editMs: number[] = [];
  for (let run = 0; run < BULK_RUNS; run += 1) {
    const rows = await sql<{ id: string }[]>`
      select id from transactions where user_id = ${userId} and deleted_at is null and transfer_id is null
        and not is_split
      order by random() limit ${BULK_ROWS}`;
    const transactionIds = rows.map(({ id }) => id);
    const started = performance.now();
    const edited = await send('PUT', `${url}/bulk`, token, {
      transactionIds,
      set: { category: 'Household', note: { mode: 'append', text: 'bench' } },
    });
    editMs.push(performance.now() - started);
    await send('POST', `${url}/bulk/undo`, token, { previous: (edited as { previous: unknown[] }).previous });
  }

  // Through the table's triggers, so the day totals and versions follow.
  await sql`delete from transactions where user_id = ${userId} and name = ${INSERTED_NAME}`;

  const medianMs = [...deleteMs].sort((a, b) => a - b)[Math.floor(BULK_RUNS / 2)]!;
  const editMedianMs = [...editMs].sort((a, b) => a - b)[Math.floor(BULK_RUNS / 2)]!;
  return {
    singleInserts: inserts,
    bulkDelete: {
      rows: BULK_ROWS,
      runs: BULK_RUNS,
      medianMs: Math.round(medianMs * 10) / 10,
      rowsPerSecond: Math.round(BULK_ROWS / (medianMs / 1000)),
    },
    bulkEdit: {
      rows: BULK_ROWS,
      runs: BULK_RUNS,
      medianMs: Math.round(editMedianMs * 10) / 10,
      maxMs: Math.round(Math.max(...editMs) * 10) / 10,
    },
  };
}

async function send(method: string, url: string, token: string, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as unknown;
}
