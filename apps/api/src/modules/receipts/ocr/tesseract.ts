import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createScheduler, createWorker, OEM, PSM, type Page, type Scheduler } from 'tesseract.js';

import { prepareForOcr } from '../preprocess';
import type { RecognizedLine, Recognizer } from './recognizer';

const require = createRequire(import.meta.url);
const WORKER_START_TIMEOUT_MS = 30_000;

/**
 * The English model shipped in @tesseract.js-data/eng (LSTM only, integer "best" weights). Nothing is
 * fetched at run time: without a local langPath tesseract.js would download from a CDN, and with a wrong
 * one it hangs, so the file is checked before any worker starts.
 */
export function englishLanguagePath(): string {
  const folder = path.join(
    path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
    '4.0.0_best_int',
  );
  if (!fs.existsSync(path.join(folder, 'eng.traineddata.gz'))) {
    throw new Error(`OCR language data missing: ${folder}/eng.traineddata.gz`);
  }
  return folder;
}

/**
 * tesseract.js: small (0.3 GB) and fast, for machines where PaddleOCR does not fit (`RECEIPT_OCR=tesseract`).
 * A pool of `size` workers (one by default: the receipt job reads one receipt at a time), each started
 * once on first use and then reused: starting one costs about half a second, reading a receipt about the
 * same. The image is cut out, flattened and contrast-stretched first (preprocess.ts).
 */
export function createTesseractRecognizer(size = 1): Recognizer {
  let scheduler: Scheduler | undefined;
  let starting: Promise<Scheduler> | undefined;

  const start = async () => {
    const langPath = englishLanguagePath();
    const pool = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: size }, async () => {
        const worker = await withTimeout(
          createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' }),
          WORKER_START_TIMEOUT_MS,
          'The OCR engine did not start in time.',
        );
        // One column of text lines, as receipts are; keep the spaces that separate labels from amounts.
        await worker.setParameters({
          tessedit_pageseg_mode: PSM.SINGLE_COLUMN,
          preserve_interword_spaces: '1',
          user_defined_dpi: '300',
        });
        return worker;
      }),
    );
    for (const worker of workers) pool.addWorker(worker);
    scheduler = pool;
    return pool;
  };

  return {
    async recognize(image) {
      // A failed start is forgotten, so the next receipt tries again.
      starting ??= start().catch((error: unknown) => {
        starting = undefined;
        throw error;
      });
      const pool = scheduler ?? (await starting);
      const prepared = await prepareForOcr(image);
      const { data } = await pool.addJob('recognize', prepared, {}, { text: true, blocks: true });
      return { lines: linesOf(data), ...pgmSize(prepared) };
    },
    async stop() {
      if (!starting) return;
      const pool = await starting.catch(() => undefined);
      await pool?.terminate();
      scheduler = undefined;
      starting = undefined;
    },
  };
}

/** tesseract's lines with their words; its confidences are percentages. */
function linesOf(page: Page): RecognizedLine[] {
  const box = ({ x0, y0, x1, y1 }: { x0: number; y0: number; x1: number; y1: number }) => ({
    x: x0,
    y: y0,
    width: x1 - x0,
    height: y1 - y0,
  });
  return (page.blocks ?? [])
    .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))
    .map((line) => ({
      text: line.text.replace(/\s+/g, ' ').trim(),
      box: box(line.bbox),
      confidence: line.confidence / 100,
      words: line.words.map((word) => ({
        text: word.text,
        box: box(word.bbox),
        confidence: word.confidence / 100,
      })),
    }))
    .filter((line) => line.text.length > 0);
}

/** Width and height from a PGM header ("P5\n<width> <height>\n255\n"). */
function pgmSize(pgm: Buffer) {
  const [, width = 0, height = 0] = pgm.subarray(0, 40).toString('latin1').split(/\s+/).map(Number);
  return { width, height };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
