/**
 * A 100,000-row bank statement through the import as the app runs it, on a real PostgreSQL: the
 * preview (read the file, categorise with the user's rules and history, find duplicates), the save
 * into an empty account, and the same file again (everything a duplicate, nothing saved).
 *
 *   npm run bench:imports [-- --rows 100000 --runs 3]
 *
 * BENCH_DATABASE_URL points it at an empty database; otherwise an embedded one is started and removed.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';

import { benchRows, ofxXmlFile } from '../apps/api/bench/import-files';
import { createDatabase } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/db/schema';
import { createRule } from '../apps/api/src/modules/imports/rules-service';
import { commitImport, previewImport } from '../apps/api/src/modules/imports/service';
import { openBenchDatabase } from './database';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
});
const count = Number(args.rows);
const runs = Number(args.runs);

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const bench = await openBenchDatabase((message) => console.error(`[bench] ${message}`));
const database = createDatabase(bench.url, { max: 4 });
try {
  const deps = { db: database.db, now: () => new Date() };
  const [user] = await database.db
    .insert(users)
    .values({ email: `imports-${Date.now()}@bench.local`, passwordHash: 'not-a-login' })
    .returning();
  if (!user) throw new Error('no user');
  const userId = user.id;
  await createRule(deps, {
    userId,
    rule: { match: 'contains', pattern: 'netflix', setCategory: 'Subscriptions' },
  });
  const bytes = Buffer.from(ofxXmlFile(benchRows(count)), 'utf8');
  console.log(
    `${count} rows, OFX 2.x, ${(bytes.length / 1024 / 1024).toFixed(1)} MB; Node ${process.version}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const previews: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { result, seconds } = await timed(() => previewImport(deps, { userId, bytes, options: {} }));
    previews.push(seconds);
    if (run === 0) console.log(`preview: ${result.newCount} new, ${result.duplicateCount} duplicates`);
  }
  const save = await timed(() => commitImport(deps, { userId, bytes, options: {} }));
  const again = await timed(() => commitImport(deps, { userId, bytes, options: {} }));
  console.log(
    `preview, empty account: median ${median(previews).toFixed(2)} s (runs: ${previews.map((s) => s.toFixed(2)).join(', ')}; goal ≤ 5 s)`,
  );
  console.log(
    `save, empty account:    ${save.seconds.toFixed(2)} s, ${save.result.importedCount} saved (goal ≤ 10 s)`,
  );
  console.log(
    `same file again:        ${again.seconds.toFixed(2)} s, ${again.result.importedCount} saved, ${again.result.duplicateCount} duplicates`,
  );
} finally {
  await database.close();
  await bench.stop();
}
