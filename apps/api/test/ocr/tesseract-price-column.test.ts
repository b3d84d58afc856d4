import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { extractReceipt } from '../../src/modules/receipts/extract';
import { createProcessRecognizer } from '../../src/modules/receipts/ocr';
import { readReceipt } from '../../src/modules/receipts/read-receipt';
import { createOcrPool, createUntrustedWorkPool } from '../../src/sandbox';

/**
 * A US diner's bill (test/fixtures/receipts-world/texts/us-diner.txt) with its prices far to the right
 * of their labels. Read as one column, tesseract took the prices for a column of their own and split
 * each row ("Total $48" … ".34"): no total could be read. Read again sparse, the pieces are gathered
 * into rows by their position and the total after the tip is read.
 */
describe('tesseract on prices standing far right of their labels', () => {
  const readers = {
    ocr: createProcessRecognizer(createOcrPool(), 'tesseract'),
    sandbox: createUntrustedWorkPool(),
  };
  afterAll(async () => {
    await readers.ocr.stop();
    await readers.sandbox.stop();
  });

  it('reads each label with its own amount, and the total charged', { timeout: 120_000 }, async () => {
    const file = path.join(import.meta.dirname, '../fixtures/receipts-world/us-diner.jpg');
    const recognition = await readReceipt(readers, fs.readFileSync(file), 'image/jpeg');
    const reading = extractReceipt(recognition, { today: '2026-11-26', dayFirst: false });

    expect(recognition.lines.map((line) => line.text)).toContainEqual(
      expect.stringMatching(/TOTAL CHARGED \$57\W{0,2}34/),
    );
    expect(reading.amountCents).toBe(5734);
    expect(reading.date).toBe('2026-10-03');
  });
});
