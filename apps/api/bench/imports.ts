/**
 * Parse times of 100,000-row statements in every import format, and rule matching over them.
 *
 *   pnpm --filter @paisable/api bench:imports [--rows 100000] [--runs 3]
 *
 * Prints the file size, the median parse time (decode + detect + read, what a preview costs before it
 * looks at the database) and the rows per second. Figures on a shared machine are noisy: compare them
 * with each other rather than across runs.
 */
import { parseArgs } from 'node:util';

import { parseStatementFile } from '../src/modules/imports/parse';
import { matchRules, type ImportRule } from '../src/modules/imports/rules';
import { benchRows, camtFile, csvFile, mt940File, ofxSgmlFile, ofxXmlFile, qifFile } from './import-files';

const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
});
const count = Number(args.rows);
const runs = Number(args.runs);
const rows = benchRows(count);

const FILES: [string, (rows: ReturnType<typeof benchRows>) => string][] = [
  ['CSV', csvFile],
  ['OFX 1.x SGML', ofxSgmlFile],
  ['OFX 2.x XML', ofxXmlFile],
  ['QIF', qifFile],
  ['CAMT.053', camtFile],
  ['MT940', mt940File],
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Wall time, and the CPU time of this process (less sensitive to other work on a shared machine). */
function time<T>(work: () => T): { result: T; ms: number; cpuMs: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(cpu);
  return { result, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

console.log(
  `${count} rows, median of ${runs} runs, Node ${process.version}, load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('format         |     size | wall ms |  cpu ms | rows/s (wall) | rows read');
let lastParsed: ReturnType<typeof parseStatementFile> | undefined;
for (const [label, write] of FILES) {
  const bytes = Buffer.from(write(rows), 'utf8');
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { result, ms, cpuMs } = time(() =>
      parseStatementFile(bytes, { maxBytes: Number.MAX_SAFE_INTEGER }),
    );
    times.push(ms);
    cpuTimes.push(cpuMs);
    lastParsed = result;
  }
  const read = lastParsed?.accounts.reduce((sum, a) => sum + a.rows.length, 0) ?? 0;
  const ms = median(times);
  const size = `${(bytes.length / 1024 / 1024).toFixed(1).padStart(5)} MB`;
  const cells = [ms.toFixed(0).padStart(7), median(cpuTimes).toFixed(0).padStart(7)];
  const rate = Math.round((read / ms) * 1000)
    .toString()
    .padStart(13);
  console.log(`${label.padEnd(14)} | ${size} | ${cells.join(' | ')} | ${rate} | ${read}`);
}

// A baseline from the same run: JSON.parse of the same rows, the cheapest way JavaScript reads 100,000 records.
const json = Buffer.from(JSON.stringify(rows));
const baseline = Array.from({ length: runs }, () => time(() => JSON.parse(json.toString('utf8')) as unknown));
console.log(
  `baseline: JSON.parse of the same rows (${(json.length / 1024 / 1024).toFixed(1)} MB) ${median(baseline.map((b) => b.ms)).toFixed(0)} ms wall, ${median(baseline.map((b) => b.cpuMs)).toFixed(0)} ms cpu`,
);

const rules: ImportRule[] = [
  ...Array.from({ length: 45 }, (_, i): ImportRule => ({
    match: 'contains',
    pattern: `shop number ${i}`,
    setCategory: 'Other',
  })),
  { match: 'startsWith', pattern: 'rewe', setCategory: 'Groceries' },
  { match: 'contains', pattern: 'cafe', setCategory: 'Eating out', maxAmountCents: 5000 },
  { match: 'regex', pattern: '^netflix\\.com$', setCategory: 'Subscriptions' },
  { match: 'regex', pattern: 'stadtwerke\\s+\\w+', setCategory: 'Utilities' },
  { match: 'startsWith', pattern: 'acme', type: 'income', setCategory: 'Salary' },
];
const targets = lastParsed?.accounts.flatMap((a) => a.rows) ?? [];
const { result: matched, ms, cpuMs } = time(() => matchRules(rules, targets));
const hits = matched.matches.filter(Boolean).length;
console.log(
  `rules: ${rules.length} rules (3 regex) over ${targets.length} rows in ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms cpu, ${hits} rows categorised`,
);
