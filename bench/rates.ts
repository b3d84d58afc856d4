/**
 * Importing exchange rates: a year of daily ECB rates for 30 currencies (about 7,800 rates, the
 * eurofxref-hist.csv format), read in the sandbox process and stored in bulk, as an upload in Settings or
 * `paisable rates import` does. The goal is at most 1 s for the import. Then the same file again (every
 * rate replaced by itself), and one conversion of a year of daily sums in 30 currencies (one query).
 *
 *   npm run bench:rates [-- --days 365 --currencies 30 --runs 3]
 *
 * BENCH_DATABASE_URL points it at an empty database; otherwise an embedded one is started and removed.
 */
import { parseArgs } from 'node:util';

import { createDatabase } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/db/schema';
import { convertTotals, importRateFile } from '../apps/api/src/modules/rates/service';
import { createUntrustedWorkPool } from '../apps/api/src/sandbox';
import { openBenchDatabase } from './database';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '365' },
    currencies: { type: 'string', default: '30' },
    runs: { type: 'string', default: '3' },
  },
});
const dayCount = Number(args.days);
const runs = Number(args.runs);
const CODES = Intl.supportedValuesOf('currency').filter((code) => code !== 'EUR' && !code.startsWith('X'));
const currencies = CODES.slice(0, Number(args.currencies));

/** Working days only, newest first, as the ECB writes its history. */
function workingDays(count: number): string[] {
  const days: string[] = [];
  const day = new Date(Date.UTC(2025, 11, 31));
  while (days.length < count) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() - 1);
  }
  return days;
}

function historyCsv(days: string[]): string {
  const lines = days.map(
    (day, d) => `${day},${currencies.map((_, c) => (1 + c * 3.7 + d / 1000).toFixed(4)).join(',')},`,
  );
  return `Date,${currencies.join(',')},\n${lines.join('\n')}\n`;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const bench = await openBenchDatabase((message) => console.error(`[bench] ${message}`));
const database = createDatabase(bench.url, { max: 4 });
const sandbox = createUntrustedWorkPool();
try {
  const deps = { db: database.db, now: () => new Date(), sandbox };
  const days = workingDays(Math.round((dayCount * 5) / 7));
  const text = historyCsv(days);
  console.log(
    `${days.length} working days × ${currencies.length} currencies, ${(text.length / 1024).toFixed(0)} kB`,
  );
  // The server's sandbox processes are already running when a user uploads: start them before timing.
  const [warm] = await database.db
    .insert(users)
    .values({ email: `rates-warm-${Date.now()}@bench.local`, passwordHash: 'not-a-login' })
    .returning();
  if (warm) await importRateFile(deps, { userId: warm.id, text: historyCsv(days.slice(0, 1)) });
  const first: number[] = [];
  const again: number[] = [];
  const conversions: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `rates-${Date.now()}-${run}@bench.local`, passwordHash: 'not-a-login' })
      .returning();
    if (!user) throw new Error('no user');
    const imported = await timed(() => importRateFile(deps, { userId: user.id, text }));
    first.push(imported.seconds);
    again.push((await timed(() => importRateFile(deps, { userId: user.id, text }))).seconds);
    const groups = days.flatMap((day) =>
      currencies.map((currency) => ({ day, currency, amountMinor: 12345n })),
    );
    const converted = await timed(() => convertTotals(deps, { userId: user.id, to: 'EUR', groups }));
    conversions.push(converted.seconds);
    const missing = converted.result.filter((group) => 'missing' in group).length;
    console.log(
      `run ${run + 1}: import ${imported.seconds.toFixed(2)} s (${imported.result.imported} rates), ` +
        `again ${again.at(-1)?.toFixed(2)} s, ${groups.length} sums converted in ${converted.seconds.toFixed(2)} s` +
        ` (${missing} missing)`,
    );
  }
  console.log(
    `median: import ${median(first).toFixed(2)} s (goal ≤ 1 s), again ${median(again).toFixed(2)} s, ` +
      `conversion ${median(conversions).toFixed(2)} s`,
  );
} finally {
  await sandbox.stop();
  await database.close();
  await bench.stop();
}
