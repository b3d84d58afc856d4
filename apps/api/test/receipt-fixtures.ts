import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';

import { buildApp } from '../src/app';
import type { AppDeps } from '../src/deps';
import { startJobs } from '../src/jobs';
import { receiptOcrJob } from '../src/modules/receipts/job';
import { recognitionFromText, type Recognizer } from '../src/modules/receipts/ocr';
import { createTestDeps } from './helpers';

export function receiptFixture(name: string): Buffer {
  return fs.readFileSync(path.join(import.meta.dirname, 'fixtures/receipts', name));
}

export { multipartBody } from './multipart';

/**
 * An OCR engine whose answer each test sets: `reads(text)`. `useReal(engine)` swaps in a real engine
 * for the tests that read a real scan. It records what it was asked to read.
 */
export function switchableOcr() {
  let answer: string | undefined;
  let real: Recognizer | undefined;
  const images: Buffer[] = [];
  const engine: Recognizer = {
    recognize: async (image) => {
      images.push(image);
      if (real) return real.recognize(image);
      if (answer === undefined) throw new Error('No OCR answer set for this test.');
      // The fake reads every line with full confidence and no geometry, like a PDF's text layer.
      return recognitionFromText(answer);
    },
    stop: async () => real?.stop(),
  };
  return {
    engine,
    images,
    reads: (text: string) => {
      real = undefined;
      answer = text;
    },
    useReal: (recognizer: Recognizer) => {
      real = recognizer;
    },
  };
}

/**
 * The app with a running pg-boss worker on the test database, so an upload goes through the real job
 * queue. The OCR engine is the given one.
 */
export function createReceiptTestApp(ocr: Recognizer, now?: () => Date) {
  const deps: AppDeps = { ...createTestDeps(now), ocr };
  const state: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  beforeAll(async () => {
    // Only the OCR worker: the recurring generator's start-up run on the shared test database would add
    // transactions to other tests' users.
    const jobs = await startJobs(
      inject('databaseUrl'),
      deps,
      (message, error) => {
        if (error) console.error(message, error);
      },
      { workOnly: [receiptOcrJob.name] },
    );
    deps.jobs = jobs;
    state.app = await buildApp(deps);
    afterAll(async () => {
      await state.app?.close();
      await jobs.stop();
      await ocr.stop();
    });
  });
  return {
    deps,
    get app() {
      if (!state.app) throw new Error('app not started yet');
      return state.app;
    },
  };
}
