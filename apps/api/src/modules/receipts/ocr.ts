import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';

/** Reads the text of an image file (PNG or JPEG bytes). Tests may supply a fake. */
export type OcrEngine = {
  recognize: (image: Buffer) => Promise<string>;
  stop: () => Promise<void>;
};

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
 * A pool of tesseract workers, one per core (at most `size`), each started once on first use and then
 * reused for every receipt: starting one costs about half a second, reading a receipt about the same.
 */
export function createTesseractEngine(size = Math.max(1, Math.min(os.availableParallelism(), 4))): OcrEngine {
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
      const { data } = await pool.addJob('recognize', image);
      return data.text;
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

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
