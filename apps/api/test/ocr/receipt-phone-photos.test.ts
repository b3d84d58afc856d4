import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { extractReceipt } from '../../src/modules/receipts/extract';
import { sniffContentType } from '../../src/modules/receipts/file-type';
import { createProcessRecognizer, RECOGNIZERS } from '../../src/modules/receipts/ocr';
import { readReceipt } from '../../src/modules/receipts/read-receipt';
import { createOcrPool, createUntrustedWorkPool } from '../../src/sandbox';

const fixtures = path.join(import.meta.dirname, '../fixtures/receipts');
const options = { today: '2026-11-26', dayFirst: true };

/**
 * The photos phones make, read by each engine in the OCR's own process (where the image is decoded):
 * a WEBP, a HEIC (decoded to PNG in a sandbox process first) and a JPEG stored sideways whose EXIF
 * orientation says how to turn it; a screenshot of a shop app in dark mode. All are the synthetic
 * receipt.png (total 23.47, 14/03/2025) re-encoded.
 */
describe.each(RECOGNIZERS)('phone photos read by %s', (engine) => {
  const readers = {
    ocr: createProcessRecognizer(createOcrPool(), engine),
    sandbox: createUntrustedWorkPool(),
  };
  afterAll(async () => {
    await readers.ocr.stop();
    await readers.sandbox.stop();
  });

  it.each([
    ['a WEBP photo', 'receipt.webp', 'image/webp'],
    ['an iPhone HEIC photo', 'receipt.heic', 'image/heic'],
    ['a JPEG held sideways, turned upright by its EXIF orientation', 'receipt-sideways.jpg', 'image/jpeg'],
    ['a dark-mode screenshot: light print on a dark page', 'receipt-dark-mode.png', 'image/png'],
  ] as const)('reads %s like the PNG it was made from', { timeout: 120_000 }, async (_name, file, type) => {
    const bytes = fs.readFileSync(path.join(fixtures, file));
    expect(sniffContentType(bytes)).toBe(type);

    const reading = extractReceipt(await readReceipt(readers, bytes, type), options);

    expect(reading.amountCents).toBe(2347);
    expect(reading.date).toBe('2025-03-14');
    expect(reading.merchant).toMatch(/GREEN LEAF MARKET/i);
  });
});
