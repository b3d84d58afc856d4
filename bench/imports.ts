/**
 * Bank statements through the import as the app runs it, on a real PostgreSQL, with the file read in the
 * sandbox process as the server does: a 100,000-row OFX file, then 10 MB MT940 and CAMT.053 files. For
 * each: the preview (read the file, match its account, categorise with the user's rules and history,
 * find duplicates and transfers), the save into the new account it proposes, and the same file again
 * (everything a duplicate, nothing saved); then, as another user, the save with no preview before it (the
 * file read in the save). A savings account already holds the other side of 2,000 of the OFX rows, so
 * transfer detection has real candidates to look through.
 *
 *   npm run bench:imports [-- --rows 100000 --runs 3 --mb 10 --files ofx,mt940,camt]
 *
 * Each save also prints the WAL it wrote (pg_stat_wal, the whole server's: nothing else should run) and the
 * CPU time its processes spent (process-cpu.ts: this process, its sandbox processes, an embedded
 * PostgreSQL's), figures that, unlike the seconds, hardly depend on how loaded the machine is.
 *
 * BENCH_DATABASE_URL points it at an empty database; otherwise an embedded one is started and removed.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';

import {
  benchRows,
  camtFile,
  mt940File,
  ofxXmlFile,
  qifFile,
  type BenchRow,
} from '../apps/api/bench/import-files';
import { createDatabase } from '../apps/api/src/db/client';
import { accounts, users } from '../apps/api/src/db/schema';
import { createRule } from '../apps/api/src/modules/imports/rules-service';
import { commitImport, previewImport } from '../apps/api/src/modules/imports/service';
import { createUntrustedWorkPool } from '../apps/api/src/sandbox';
import { connect, openBenchDatabase } from './database';
import { treeCpuSeconds } from './process-cpu';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    mb: { type: 'string', default: '10' },
    files: { type: 'string', default: 'ofx,mt940,camt' },
  },
});
const count = Number(args.rows);
const runs = Number(args.runs);
const megabytes = Number(args.mb);
const chosen = new Set(args.files.split(','));

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const seconds = (values: number[]) => values.map((s) => s.toFixed(2)).join(', ');

/** As many rows as make a file of about `megabytes` in the given format (measured on a sample). */
function rowsForSize(write: (rows: BenchRow[]) => string, seed: number) {
  const sample = Buffer.byteLength(write(benchRows(1000, seed)));
  return benchRows(Math.round(((megabytes * 1024 * 1024) / sample) * 1000), seed);
}

const bench = await openBenchDatabase((message) => console.error(`[bench] ${message}`));
const database = createDatabase(bench.url, { max: 4 });
// The server's 30 s limit on reading a file refused the 100,000-row files when the machine was loaded by
// other work (load average 20–30 on 2 cores): a bench run measures the time instead of failing.
const sandbox = createUntrustedWorkPool({ timeoutMs: 10 * 60_000 });
const admin = connect(bench.url);
try {
  const deps = { db: database.db, now: () => new Date(), sandbox };
  const ofxRows = benchRows(count);
  /**
   * A user with a rule and a savings account that already holds the other side of 2,000 of the OFX
   * rows (candidates for transfers). Two are made: one previews each file before saving it (the web's
   * way: the save reuses the preview's reading), the other saves it without a preview (a REST client's).
   */
  const benchUser = async (label: string) => {
    const [user] = await database.db
      .insert(users)
      .values({ email: `imports-${label}-${Date.now()}@bench.local`, passwordHash: 'not-a-login' })
      .returning();
    if (!user) throw new Error('no user');
    await createRule(deps, {
      userId: user.id,
      rule: { match: 'contains', pattern: 'netflix', setCategory: 'Subscriptions' },
    });
    const [savings] = await database.db
      .insert(accounts)
      .values({
        userId: user.id,
        name: 'Savings',
        kind: 'savings',
        currency: 'EUR',
        openingDate: '2024-12-31',
        position: 1,
      })
      .returning();
    if (!savings) throw new Error('no savings account');
    const mirrored = ofxRows.slice(0, 2000).map((row) => ({ ...row, income: !row.income, name: 'Transfer' }));
    await commitImport(deps, {
      userId: user.id,
      bytes: Buffer.from(qifFile(mirrored), 'utf8'),
      options: { accountId: savings.id, dateFormat: 'mdy' },
    });
    return user.id;
  };
  const userId = await benchUser('previewed');
  const coldUserId = await benchUser('cold');

  console.log(
    `Node ${process.version}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  // Made only when chosen: the two 10 MB files take a while to write.
  const files = [
    { key: 'ofx', label: 'OFX 2.x', bytes: () => Buffer.from(ofxXmlFile(ofxRows), 'utf8') },
    {
      key: 'mt940',
      label: 'MT940',
      bytes: () => Buffer.from(mt940File(rowsForSize(mt940File, 7)), 'latin1'),
    },
    { key: 'camt', label: 'CAMT.053', bytes: () => Buffer.from(camtFile(rowsForSize(camtFile, 9)), 'utf8') },
  ].filter((file) => chosen.has(file.key));
  const walBytes = async () => {
    const [row] = await admin<{ bytes: string }[]>`select wal_bytes::text as bytes from pg_stat_wal`;
    return Number(row?.bytes ?? 0);
  };
  for (const file of files) {
    const { label } = file;
    const bytes = file.bytes();
    const previews: number[] = [];
    let first: Awaited<ReturnType<typeof previewImport>> | undefined;
    for (let run = 0; run < runs; run += 1) {
      const { result, seconds: took } = await timed(() =>
        previewImport(deps, { userId, bytes, options: { newAccount: true } }),
      );
      previews.push(took);
      first ??= result;
    }
    const walBefore = await walBytes();
    const cpuBefore = treeCpuSeconds();
    const save = await timed(() => commitImport(deps, { userId, bytes, options: { newAccount: true } }));
    const cpuAfter = treeCpuSeconds();
    const saveWal = (await walBytes()) - walBefore;
    const again = await timed(() => commitImport(deps, { userId, bytes, options: {} }));
    const cold = await timed(() =>
      commitImport(deps, { userId: coldUserId, bytes, options: { newAccount: true } }),
    );
    const found = first?.rows.filter((row) => row.transferOf).length ?? 0;
    console.log(`\n${label}, ${(bytes.length / 1024 / 1024).toFixed(1)} MB, ${first?.newCount} new rows`);
    console.log(
      `  preview:        median ${median(previews).toFixed(2)} s (runs: ${seconds(previews)}; goal ≤ 5 s), account ${first?.destination.reason}, ${found} transfers found`,
    );
    console.log(
      `  save:           ${save.seconds.toFixed(2)} s, ${save.result.importedCount} saved, ${save.result.transferCount} as transfers (goal ≤ 10 s), ${(saveWal / 1024 / 1024).toFixed(0)} MB of WAL`,
    );
    if (cpuBefore && cpuAfter) {
      console.log(
        `  save's CPU:     ${(cpuAfter.node - cpuBefore.node).toFixed(2)} s in node (this process and its sandbox processes), ${(cpuAfter.postgres - cpuBefore.postgres).toFixed(2)} s in an embedded PostgreSQL's processes`,
      );
    }
    console.log(
      `  same file again: ${again.seconds.toFixed(2)} s, ${again.result.importedCount} saved, ${again.result.duplicateCount} duplicates`,
    );
    console.log(
      `  save, no preview: ${cold.seconds.toFixed(2)} s, ${cold.result.importedCount} saved, ${cold.result.transferCount} as transfers (another user: the file read in the save)`,
    );
  }
} finally {
  await sandbox.stop();
  await admin.end();
  await database.close();
  await bench.stop();
}
