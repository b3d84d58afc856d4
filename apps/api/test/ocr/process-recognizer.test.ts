import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';

import { createSandboxPool } from '../../src/lib/sandbox/pool';
import { createProcessRecognizer, RECOGNIZERS } from '../../src/modules/receipts/ocr';
import { recognitionText } from '../../src/modules/receipts/ocr/recognizer';
import { createOcrPool } from '../../src/sandbox';
import { emptyJpeg, emptyPng, pngWithBrokenData } from '../fuzz/hostile-files';
import { failureOf, SANDBOX_ENTRY, sandboxChildren } from '../sandbox-processes';

const fixtures = path.join(import.meta.dirname, '../fixtures/receipts');
const scan = fs.readFileSync(path.join(fixtures, 'receipt.jpg'));
/** What both engines read on the fixture scan (its shop's name), whatever the image's size. */
const SHOP = /D\.?\s?[I1]\.?\s?Y/i;
/** The OCR process's promised peak memory (README's settings table, sandbox.ts). */
const MEMORY_LIMIT_MB = 2048;

describe('the OCR engine in a process of its own', () => {
  const recognizer = createProcessRecognizer(createOcrPool(), 'paddle');
  afterAll(() => recognizer.stop());

  it('reads a receipt while the server’s event loop stays free', { timeout: 180_000 }, async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const before = performance.eventLoopUtilization();

    const recognition = await recognizer.recognize(scan);

    const loop = performance.eventLoopUtilization(before);
    clearInterval(timer);
    expect(recognitionText(recognition)).toMatch(SHOP);
    // Decoding, resizing and post-processing ran in the child: this thread stayed mostly idle and its
    // timers kept firing all along (reading here keeps it busy most of the time).
    expect(loop.utilization).toBeLessThan(0.25);
    expect(ticks).toBeGreaterThan(50);
    expect(sandboxChildren()).toHaveLength(1);
  });

  it.each([
    ['a JPEG with a frame header and no scan', emptyJpeg()],
    ['a PNG with a header and no data', emptyPng()],
    ['a PNG whose data is four bytes of garbage', pngWithBrokenData()],
  ])('survives %s, which crashes the image decoder', { timeout: 120_000 }, async (_name, image) => {
    const before = sandboxChildren();

    const failure = await recognizer.recognize(image).then(() => 'read', failureOf);

    // The decoder's segmentation fault ended the child, not this process.
    expect(failure).toBe('crashed');
    expect(sandboxChildren().filter((pid) => before.includes(pid))).toEqual([]);
    expect(recognitionText(await recognizer.recognize(scan))).toMatch(SHOP);
  });

  it('answers bytes it cannot decode with an error, and keeps its process', { timeout: 60_000 }, async () => {
    await recognizer.recognize(scan);
    const before = sandboxChildren();
    expect(await recognizer.recognize(Buffer.from('not an image')).then(() => 'read', failureOf)).toBe(
      'failed',
    );
    expect(recognitionText(await recognizer.recognize(scan))).toMatch(SHOP);
    expect(sandboxChildren()).toEqual(before);
  });

  it(
    'finishes the reading in flight when stopped, then starts afresh on the next receipt',
    { timeout: 180_000 },
    async () => {
      const reading = recognizer.recognize(scan);
      // Stopped mid-read (as the server stops): the receipt being read is still read.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await recognizer.stop();

      expect(recognitionText(await reading)).toMatch(SHOP);
      expect(sandboxChildren()).toEqual([]);
      expect(recognitionText(await recognizer.recognize(scan))).toMatch(SHOP);
    },
  );
});

describe('an OCR process killed mid-read', () => {
  const recognizer = createProcessRecognizer(createOcrPool(), 'tesseract');
  afterAll(() => recognizer.stop());

  it(
    'fails that reading as a crash, and the next one is read in a fresh process',
    { timeout: 180_000 },
    async () => {
      await recognizer.recognize(scan);
      const [first = 0] = sandboxChildren();
      const reading = recognizer.recognize(scan);
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(first, 'SIGKILL');

      expect(await reading.then(() => 'read', failureOf)).toBe('crashed');
      expect(recognitionText(await recognizer.recognize(scan))).toMatch(SHOP);
      expect(sandboxChildren()).not.toContain(first);
    },
  );
});

describe('the limits of a sandbox process', () => {
  const limits = { name: 'reader', entry: SANDBOX_ENTRY, size: 1, perOwnerLimit: 5 };

  it('ends a reading that runs past its time limit', { timeout: 120_000 }, async () => {
    const pool = createSandboxPool({ ...limits, maxMemoryMb: 4096, timeoutMs: 300 });
    const recognizer = createProcessRecognizer(pool, 'paddle');
    try {
      expect(await recognizer.recognize(scan).then(() => 'read', failureOf)).toBe('timeout');
      expect(sandboxChildren()).toEqual([]);
    } finally {
      await recognizer.stop();
    }
  });

  it('ends a reading that passes its memory limit', { timeout: 120_000 }, async () => {
    // Loading PaddleOCR's models alone takes 200 MB.
    const pool = createSandboxPool({ ...limits, maxMemoryMb: 120, timeoutMs: 60_000 });
    const recognizer = createProcessRecognizer(pool, 'paddle');
    try {
      expect(await recognizer.recognize(scan).then(() => 'read', failureOf)).toBe('memory');
    } finally {
      await recognizer.stop();
    }
  });
});

describe.each(RECOGNIZERS)('a 35-megapixel scan read by %s', (engine) => {
  const pool = createOcrPool();
  const recognizer = createProcessRecognizer(pool, engine);
  afterAll(() => recognizer.stop());

  it('is shrunk before the expensive work and read', { timeout: 240_000 }, async () => {
    const huge = await enlarged(scan, 35_000_000);

    const started = performance.now();
    const recognition = await recognizer.recognize(huge);
    const seconds = (performance.now() - started) / 1000;

    const peakMb = (await pool.peakMemoryMb()) ?? Number.POSITIVE_INFINITY;
    console.log(
      `${engine}: 35-MP scan read in ${seconds.toFixed(1)} s (model load included), OCR process peak ${peakMb.toFixed(0)} MB`,
    );
    expect(recognitionText(recognition)).toMatch(SHOP);
    // The largest upload must stay under the 2 GB the settings promise (README). At full size detection
    // alone took 15 GB.
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
