import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';

import { RECOGNIZERS } from '../../src/modules/receipts/ocr/names';
import { recognitionText } from '../../src/modules/receipts/ocr/recognizer';
import { createWorkerRecognizer } from '../../src/modules/receipts/ocr/worker-recognizer';

const fixtures = path.join(import.meta.dirname, '../fixtures/receipts');
const scan = fs.readFileSync(path.join(fixtures, 'receipt.jpg'));
/** What both engines read on the fixture scan (its shop's name), whatever the image's size. */
const SHOP = /D\.?\s?[I1]\.?\s?Y/i;
/** The OCR worker's promised peak memory (README's settings table, ocr/index.ts). */
const MEMORY_LIMIT_MB = 2048;

describe('the OCR worker thread', () => {
  const workers: Worker[] = [];
  const recognizer = createWorkerRecognizer('paddle', { onWorkerStart: (worker) => workers.push(worker) });
  afterAll(() => recognizer.stop());

  it('reads a receipt while the server’s event loop stays free', { timeout: 180_000 }, async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const before = performance.eventLoopUtilization();

    const recognition = await recognizer.recognize(scan);

    const loop = performance.eventLoopUtilization(before);
    clearInterval(timer);
    expect(recognitionText(recognition)).toMatch(SHOP);
    // Decoding, resizing and post-processing ran in the worker: the main thread stayed mostly idle and
    // its timers kept firing all along (reading on the main thread keeps it busy most of the time).
    expect(loop.utilization).toBeLessThan(0.25);
    expect(ticks).toBeGreaterThan(50);
    expect(workers).toHaveLength(1);
  });

  it(
    'finishes the reading in flight when stopped, then starts afresh on the next receipt',
    { timeout: 180_000 },
    async () => {
      const started = workers.length;
      const reading = recognizer.recognize(scan);
      // Stopped mid-read (as the server stops): the receipt being read is still read, and the process lives
      // on (cutting onnxruntime off inside a model run would abort it).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await recognizer.stop();

      expect(recognitionText(await reading)).toMatch(SHOP);
      expect(recognitionText(await recognizer.recognize(scan))).toMatch(SHOP);
      expect(workers).toHaveLength(started + 1);
    },
  );

  it(
    'answers an image it cannot decode with an error, and keeps its worker',
    { timeout: 60_000 },
    async () => {
      const started = workers.length;
      await expect(recognizer.recognize(Buffer.from('not an image'))).rejects.toThrow();
      expect(recognitionText(await recognizer.recognize(scan))).toMatch(SHOP);
      expect(workers).toHaveLength(started);
    },
  );
});

describe('a worker killed mid-read', () => {
  const workers: Worker[] = [];
  // tesseract: its worker can be cut off anywhere (see the paddle case in stop()).
  const recognizer = createWorkerRecognizer('tesseract', { onWorkerStart: (worker) => workers.push(worker) });
  afterAll(() => recognizer.stop());

  it(
    'fails that reading with a clear error, and the next one is read in a fresh worker',
    { timeout: 180_000 },
    async () => {
      await recognizer.recognize(scan);
      const reading = recognizer.recognize(scan);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await workers[0]?.terminate();

      await expect(reading).rejects.toThrow(
        'The OCR engine stopped (exit code 1) before it finished reading.',
      );
      expect(recognitionText(await recognizer.recognize(scan))).toMatch(SHOP);
      expect(workers).toHaveLength(2);
    },
  );
});

describe.each(RECOGNIZERS)('a 35-megapixel scan read by %s', (engine) => {
  const recognizer = createWorkerRecognizer(engine);
  afterAll(() => recognizer.stop());

  it('is shrunk before the expensive work and read', { timeout: 240_000 }, async () => {
    const huge = await enlarged(scan, 35_000_000);

    const started = performance.now();
    const recognition = await recognizer.recognize(huge);
    const seconds = (performance.now() - started) / 1000;

    const peakMb = process.resourceUsage().maxRSS / 1024;
    console.log(
      `${engine}: 35-MP scan read in ${seconds.toFixed(1)} s (model load included), process peak ${peakMb.toFixed(0)} MB`,
    );
    expect(recognitionText(recognition)).toMatch(SHOP);
    // The worker shares this process, so the process's peak bounds the worker's: the largest upload must
    // stay under the 2 GB the settings promise (README). At full size detection alone took 15 GB.
    expect(peakMb).toBeLessThan(MEMORY_LIMIT_MB);
  });
});

/** The image scaled up to about `pixels` pixels, as a JPEG (a phone's or scanner's largest output). */
async function enlarged(image: Buffer, pixels: number) {
  const source = await loadImage(image);
  const scale = Math.sqrt(pixels / (source.width * source.height));
  const width = Math.round(source.width * scale);
  const height = Math.round(source.height * scale);
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(source, 0, 0, width, height);
  const jpeg = await canvas.encode('jpeg', 90);
  expect(width * height).toBeGreaterThan(pixels * 0.99);
  return jpeg;
}
