/**
 * Scores receipt reading on a labelled set (default ../shared/receipts-dev, see its README), per OCR
 * engine: per-field accuracy on the whole set, per fold (5 folds by file-name hash) and on a held-out
 * fold; seconds per receipt through the upload path's code (file checks, OCR, extraction) and the
 * process's peak memory. Each engine runs in a child process of its own, so its memory is its own.
 *
 *   npm run bench:receipts                       both engines, writes bench/receipts.md
 *   pnpm --filter @paisable/api bench:receipts [--engines paddle,tesseract] [--dir <folder>] [--limit N]
 *     [--verbose]              print the misses (never those of the held-out fold)
 *     [--save-ocr <folder>]    keep each receipt's recognition (JSON) and its seconds
 *     [--from-ocr <folder>]    re-score saved recognitions: extraction work without OCR
 *     [--no-write]             do not rewrite bench/receipts.md
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { extractReceipt, type ExtractedReceipt } from '../src/modules/receipts/extract';
import { imageSize, sniffContentType } from '../src/modules/receipts/file-type';
import {
  createProcessRecognizer,
  RECOGNIZERS,
  type Recognition,
  type RecognizerName,
} from '../src/modules/receipts/ocr';
import { readReceipt } from '../src/modules/receipts/read-receipt';
import { createOcrPool, createUntrustedWorkPool } from '../src/sandbox';
import {
  figuresOf,
  foldOf,
  HELD_OUT_FOLD,
  median,
  percentile,
  score,
  type Figures,
  type Label,
  type Outcome,
} from './receipt-scoring';

const FOLDS = 5;
/** Before any engine runs: what else was using the machine. */
const LOAD_AT_START = os.loadavg()[0] ?? 0;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: path.resolve(repoRoot, '../shared/receipts-dev') },
    engines: { type: 'string', default: RECOGNIZERS.join(',') },
    engine: { type: 'string' },
    limit: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'save-ocr': { type: 'string' },
    'from-ocr': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});

type EngineResult = {
  engine: RecognizerName;
  outcomes: Array<Outcome & { file: string; fold: number }>;
  seconds: number[];
  peakRssMb: number;
  pdfSeconds: number;
  fromSavedOcr: boolean;
};

const labels: Label[] = fs
  .readFileSync(path.join(args.dir, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Label)
  .slice(0, args.limit ? Number(args.limit) : undefined);
// The set is Malaysian: day-first dates, as the app assumes for every currency but USD.
const dateOptions = { today: new Date().toISOString().slice(0, 10), dayFirst: true };

if (args.engine) {
  // Child: one engine, its result as JSON on the last line of stdout.
  console.log(JSON.stringify(await runEngine(args.engine as RecognizerName)));
} else {
  const results: EngineResult[] = [];
  for (const engine of args.engines.split(',') as RecognizerName[]) {
    const childArgs = [...process.execArgv, import.meta.filename, '--engine', engine, '--dir', args.dir];
    if (args.limit) childArgs.push('--limit', args.limit);
    if (args.verbose) childArgs.push('--verbose');
    if (args['save-ocr']) childArgs.push('--save-ocr', path.join(args['save-ocr'], engine));
    if (args['from-ocr']) childArgs.push('--from-ocr', path.join(args['from-ocr'], engine));
    const output = execFileSync(process.execPath, childArgs, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = output.trim().split('\n');
    for (const line of lines.slice(0, -1)) console.log(line);
    results.push(JSON.parse(lines.at(-1) ?? '{}') as EngineResult);
  }
  const report = formatReport(results);
  console.log(report);
  if (!args['no-write'] && !args.limit) {
    fs.writeFileSync(path.join(repoRoot, 'bench/receipts.md'), report);
  }
}

async function runEngine(engine: RecognizerName): Promise<EngineResult> {
  // The server's own processes: OCR in one, PDFs in the file readers.
  const ocrPool = createOcrPool();
  const readers = { ocr: createProcessRecognizer(ocrPool, engine), sandbox: createUntrustedWorkPool() };
  const outcomes: EngineResult['outcomes'] = [];
  const seconds: number[] = [];
  for (const label of labels) {
    const fold = foldOf(label.file, FOLDS);
    let extracted: ExtractedReceipt | undefined;
    let recognition: Recognition | undefined;
    if (args['from-ocr']) {
      const file = path.join(args['from-ocr'], `${label.file}.json`);
      // A partial saved run scores what it has.
      if (!fs.existsSync(file)) continue;
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Recognition & { seconds: number };
      recognition = saved;
      seconds.push(saved.seconds);
      extracted = extractReceipt(recognition, dateOptions);
    } else {
      const bytes = fs.readFileSync(path.join(args.dir, label.file));
      const started = performance.now();
      try {
        // What processReceipt does with an uploaded file (upload checks included), minus the database.
        const type = sniffContentType(bytes);
        if (!type || (type !== 'application/pdf' && !imageSize(bytes, type)))
          throw new Error('not a receipt');
        recognition = await readReceipt(readers, bytes, type);
        extracted = extractReceipt(recognition, dateOptions);
      } catch (error) {
        console.error(`${label.file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const elapsed = (performance.now() - started) / 1000;
      seconds.push(elapsed);
      if (args['save-ocr'] && recognition) {
        fs.mkdirSync(args['save-ocr'], { recursive: true });
        const saved = JSON.stringify({ seconds: elapsed, ...recognition });
        fs.writeFileSync(path.join(args['save-ocr'], `${label.file}.json`), saved);
      }
    }
    const outcome = score(label, extracted);
    outcomes.push({ ...outcome, file: label.file, fold });
    if (args.verbose && fold !== HELD_OUT_FOLD && !(outcome.total && outcome.date && outcome.merchant)) {
      console.log(describeMiss(engine, label, extracted, outcome));
    }
  }
  const pdfSeconds = await timeTextPdf(readers);
  const ocrPeakMb = await ocrPool.peakMemoryMb();
  await readers.ocr.stop();
  await readers.sandbox.stop();
  return {
    engine,
    outcomes,
    seconds,
    // The OCR process's peak: the reading happens there, as in the server.
    peakRssMb: Math.round(ocrPeakMb ?? process.resourceUsage().maxRSS / 1024),
    pdfSeconds,
    fromSavedOcr: Boolean(args['from-ocr']),
  };
}

/** A PDF with a text layer needs no OCR: its median time over 5 reads. */
async function timeTextPdf(readers: Parameters<typeof readReceipt>[0]) {
  const bytes = fs.readFileSync(path.join(import.meta.dirname, '../test/fixtures/receipts/receipt.pdf'));
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    extractReceipt(await readReceipt(readers, bytes, 'application/pdf'), dateOptions);
    times.push((performance.now() - started) / 1000);
  }
  return median(times);
}

function describeMiss(engine: string, label: Label, extracted: ExtractedReceipt | undefined, ok: Outcome) {
  if (!extracted) return `${engine} ${label.file}: nothing read`;
  const total = extracted.amountCents === undefined ? '—' : (extracted.amountCents / 100).toFixed(2);
  return (
    `${engine} ${label.file}: ` +
    (ok.total ? '' : `total ${total} ≠ ${label.total} (${extracted.confidence.total})  `) +
    (ok.date ? '' : `date ${extracted.date ?? '—'} ≠ ${label.date}  `) +
    (ok.merchant ? '' : `merchant "${extracted.merchant}" ≠ "${label.merchant}"`)
  );
}

function formatReport(results: EngineResult[]): string {
  const percent = (value: number) => `${(100 * value).toFixed(0)} %`;
  const row = (name: string, figures: Figures) =>
    `| ${name} | ${figures.count} | ${percent(figures.total)} | ${percent(figures.date)} | ${percent(figures.merchant)} | ${percent(figures.autoSaved)} |`;
  const out = [
    '# Receipt reading: figures',
    '',
    `Written by \`npm run bench:receipts\` on ${new Date().toISOString().slice(0, 10)} from ${labels.length} receipts of`,
    '`../shared/receipts-dev` (scanned Malaysian receipts, labels scored by the rules of its README).',
    '',
    `Load average when the run started: ${LOAD_AT_START.toFixed(2)} on ${os.availableParallelism()} cores (above ~1 the`,
    'timings are inflated by other work; accuracy does not depend on load). The engines run one after',
    'the other, each in a process of its own.',
    '',
    'How to read the accuracy figures:',
    '',
    '- **The extraction rules have no fitted parameters** (no weight, threshold or list is learned from',
    '  these files), so there is nothing to fit per fold: the 5-fold figure is the mean over the folds of',
    "  each fold's own score, with the worst fold beside it, to show the spread. The whole-set figure is",
    '  the same folds pooled (every receipt counts once).',
    `- **Held-out**: fold ${HELD_OUT_FOLD} of the 5 (by a hash of the file name). Until 2026-11-25 the bench never`,
    '  printed the misses of this fold (its figures were printed: twice a draft rule was dropped after the',
    '  held-out total fell, a small leak). On 2026-11-25, with every other fold explained, its misses were',
    '  printed (one total, three merchants). The total was "Amount To Be Paid" after a rounding line, which',
    '  one of the two total rules refused as a payment line; the fix makes both accept the same final labels',
    '  (FINAL_TOTAL). The merchant rules were not touched. Since then this fold is no longer unseen: it is an',
    '  estimate like the others, not of receipts never looked at.',
    '- **Auto-saved**: the share that became an expense without review (total and date read with',
    '  confidence); the rest wait as "needs review", none is lost.',
    '',
  ];
  for (const result of results) {
    const folds = Array.from({ length: FOLDS }, (_, fold) =>
      figuresOf(result.outcomes.filter((outcome) => outcome.fold === fold)),
    );
    const meanOf = (pick: (figures: Figures) => number) => folds.reduce((sum, f) => sum + pick(f), 0) / FOLDS;
    const worstOf = (pick: (figures: Figures) => number) => Math.min(...folds.map(pick));
    out.push(`## ${result.engine}`, '');
    out.push('| split | receipts | total | date | merchant | auto-saved |', '|---|---|---|---|---|---|');
    out.push(row('whole set', figuresOf(result.outcomes)));
    out.push(
      `| 5-fold mean (worst fold) | ${result.outcomes.length} | ${percent(meanOf((f) => f.total))} (${percent(worstOf((f) => f.total))}) | ${percent(meanOf((f) => f.date))} (${percent(worstOf((f) => f.date))}) | ${percent(meanOf((f) => f.merchant))} (${percent(worstOf((f) => f.merchant))}) | ${percent(meanOf((f) => f.autoSaved))} |`,
    );
    out.push(row('held-out fold', folds[HELD_OUT_FOLD] ?? figuresOf([])));
    out.push('');
    const saved = result.fromSavedOcr ? ' (from the saved OCR run)' : '';
    out.push(
      `Seconds per receipt through the upload path${saved}: median ${median(result.seconds).toFixed(2)}, ` +
        `p90 ${percentile(result.seconds, 0.9).toFixed(2)}, max ${Math.max(...result.seconds).toFixed(2)}. ` +
        `PDF with a text layer: ${result.pdfSeconds.toFixed(3)} s. ` +
        (result.fromSavedOcr
          ? 'Peak RSS: not measured when re-scoring saved OCR.'
          : `Peak RSS of the OCR process: ${result.peakRssMb} MB.`),
      '',
    );
  }
  return out.join('\n');
}
