/**
 * Scores receipt extraction on a labelled set (default ../shared/receipts-dev, see its README):
 * per-field accuracy and the median seconds per receipt, OCR included.
 *
 *   pnpm --filter @paisable/api bench:receipts [--dir <folder>] [--limit N] [--verbose]
 *     [--save-text <folder>]   keep each receipt's OCR text
 *     [--from-text <folder>]   re-score saved texts without OCR (fast parser work; no timing)
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { sniffContentType } from '../src/modules/receipts/file-type';
import { createTesseractEngine } from '../src/modules/receipts/ocr';
import { parseReceiptText } from '../src/modules/receipts/parse';
import { readReceiptText } from '../src/modules/receipts/read-text';

type Label = { file: string; merchant: string; total: string; date: string; date_alt?: string };

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: path.resolve(import.meta.dirname, '../../../../shared/receipts-dev') },
    limit: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'save-text': { type: 'string' },
    'from-text': { type: 'string' },
  },
});

const labels: Label[] = fs
  .readFileSync(path.join(args.dir, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Label)
  .slice(0, args.limit ? Number(args.limit) : undefined);

const engine = createTesseractEngine(1);
const today = new Date().toISOString().slice(0, 10);
const seconds: number[] = [];
/** CPU seconds of this process (all threads, so the OCR worker too): steadier than wall time on a busy machine. */
const cpuSeconds: number[] = [];
const hits = { total: 0, date: 0, merchant: 0 };

for (const label of labels) {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let text: string;
  if (args['from-text']) {
    text = fs.readFileSync(path.join(args['from-text'], `${label.file}.txt`), 'utf8');
  } else {
    const bytes = fs.readFileSync(path.join(args.dir, label.file));
    const type = sniffContentType(bytes);
    if (!type) throw new Error(`${label.file}: not a receipt file`);
    text = await readReceiptText(bytes, type, engine);
  }
  // The set is Malaysian: day-first dates, as the app assumes for every currency but USD.
  const parsed = parseReceiptText(text, { today, dayFirst: true });
  seconds.push((performance.now() - started) / 1000);
  const cpu = process.cpuUsage(cpuStarted);
  cpuSeconds.push((cpu.user + cpu.system) / 1e6);
  if (args['save-text']) {
    fs.mkdirSync(args['save-text'], { recursive: true });
    fs.writeFileSync(path.join(args['save-text'], `${label.file}.txt`), text);
  }

  const total = parsed.amountCents === undefined ? '' : (parsed.amountCents / 100).toFixed(2);
  const ok = {
    total: total === label.total,
    date: parsed.date === label.date || parsed.date === label.date_alt,
    merchant: similarity(parsed.merchant, label.merchant) >= 0.8,
  };
  for (const field of ['total', 'date', 'merchant'] as const) if (ok[field]) hits[field] += 1;
  if (args.verbose && !(ok.total && ok.date && ok.merchant)) {
    console.log(
      `${label.file}: ` +
        (ok.total ? '' : `total ${total || '—'} ≠ ${label.total}  `) +
        (ok.date ? '' : `date ${parsed.date ?? '—'} ≠ ${label.date}  `) +
        (ok.merchant ? '' : `merchant "${parsed.merchant}" ≠ "${label.merchant}"`),
    );
  }
}
await engine.stop();

const percent = (count: number) => `${((100 * count) / labels.length).toFixed(1)} %`;
function medianOf(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2
    ? (sorted[(sorted.length - 1) / 2] ?? 0)
    : ((sorted[sorted.length / 2 - 1] ?? 0) + (sorted[sorted.length / 2] ?? 0)) / 2;
}
console.log(`receipts: ${labels.length}${args['from-text'] ? ' (saved text, no OCR)' : ''}`);
console.log(`total:    ${percent(hits.total)}   (target ≥ 85 %)`);
console.log(`date:     ${percent(hits.date)}   (target ≥ 88 %)`);
console.log(`merchant: ${percent(hits.merchant)}   (target ≥ 70 %)`);
console.log(`median:   ${medianOf(seconds).toFixed(2)} s per receipt   (target ≤ 2 s)`);
console.log(`cpu:      ${medianOf(cpuSeconds).toFixed(2)} s per receipt (median CPU time, all threads)`);

/** The README's merchant score: letters and digits only, lower case, 1 − Levenshtein / longer length. */
function similarity(a: string, b: string): number {
  const clean = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
  const [x, y] = [clean(a), clean(b)];
  if (!x.length && !y.length) return 1;
  let previous = Array.from({ length: y.length + 1 }, (_, index) => index);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return 1 - (previous[y.length] ?? 0) / Math.max(x.length, y.length);
}
