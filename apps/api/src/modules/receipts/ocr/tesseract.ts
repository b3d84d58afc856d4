import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Page, type Worker } from 'tesseract.js';

import { RECEIPT_CONFIDENT } from '@paisable/contracts';

import { totalScore } from '../extract';
import { prepareForOcr } from '../preprocess';
import { groupIntoLines } from './lines';
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
 * How tesseract is asked to find the lines. `column` takes the page as one column of text lines, as
 * receipts are; but its layout analysis may take the column of prices for a separate one and drop it or
 * split a row in two ("Total £76" … ".44"). `sparse` finds text anywhere, in pieces, which are then
 * gathered into printed rows by their position, as PaddleOCR's are.
 */
const LAYOUTS = { column: PSM.SINGLE_COLUMN, sparse: PSM.SPARSE_TEXT } as const;
type Layout = keyof typeof LAYOUTS;

/**
 * tesseract.js: small (0.3 GB) and fast, for machines where PaddleOCR does not fit (`RECEIPT_OCR=tesseract`).
 * One worker, started once on first use and then reused: starting one costs about half a second, reading a
 * receipt about the same. The image is cut out, flattened and contrast-stretched first (preprocess.ts).
 * It is read as one column; when no total is read from that with confidence, it is read again sparse, and
 * the reading whose total scores higher is kept (a second read costs about as much as the first).
 */
export function createTesseractRecognizer(): Recognizer {
  let starting: Promise<Worker> | undefined;
  // One reading at a time: the layout is a setting of the worker, not of a job.
  let queue: Promise<unknown> = Promise.resolve();

  const start = async () => {
    const langPath = englishLanguagePath();
    const worker = await withTimeout(
      createWorker('eng', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' }),
      WORKER_START_TIMEOUT_MS,
      'The OCR engine did not start in time.',
    );
    // Keep the spaces that separate labels from amounts.
    await worker.setParameters({ preserve_interword_spaces: '1', user_defined_dpi: '300' });
    return worker;
  };

  const read = async (prepared: Buffer, layout: Layout): Promise<RecognizedLine[]> => {
    // A failed start is forgotten, so the next receipt tries again.
    starting ??= start().catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    const worker = await starting;
    await worker.setParameters({ tessedit_pageseg_mode: LAYOUTS[layout] });
    const { data } = await worker.recognize(prepared, {}, { text: true, blocks: true });
    const lines = linesOf(data);
    return layout === 'sparse' ? groupIntoLines(lines.flatMap((line) => line.words)) : lines;
  };

  const recognize = async (image: Buffer) => {
    const prepared = await prepareForOcr(image);
    let lines = await read(prepared, 'column');
    const columnScore = totalScore(lines);
    if (columnScore < RECEIPT_CONFIDENT) {
      const sparse = await read(prepared, 'sparse');
      if (totalScore(sparse) > columnScore) lines = sparse;
    }
    return { lines, ...pgmSize(prepared) };
  };

  return {
    recognize(image) {
      const reading = queue.then(() => recognize(image));
      queue = reading.catch(() => undefined);
      return reading;
    },
    async stop() {
      if (!starting) return;
      const worker = await starting.catch(() => undefined);
      await worker?.terminate();
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
