import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { inflatesWithinBounds, PDF_MAX_INFLATED_OTHER_BYTES } from './pdf';

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures/receipts');
const MB = 1024 * 1024;

/** A PDF-like file holding the given streams (the check reads streams, not the object tree). */
function fileWith(...streams: { dictionary: string; data: Buffer }[]) {
  const parts = streams.flatMap(({ dictionary, data }, index) => [
    Buffer.from(`${index + 1} 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream\nendobj\n'),
  ]);
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), ...parts, Buffer.from('%%EOF\n')]);
}

const deflated = (bytes: number) => zlib.deflateSync(Buffer.alloc(bytes, 'x'), { level: 9 });

describe('inflatesWithinBounds', () => {
  it('accepts the real receipts, digital and scanned', () => {
    for (const file of ['receipt.pdf', 'scanned.pdf']) {
      expect(inflatesWithinBounds(fs.readFileSync(path.join(fixtures, file)))).toBe(true);
    }
  });

  it('refuses page content that expands past its bound, however small the file', () => {
    const bomb = fileWith({
      dictionary: '/Filter /FlateDecode',
      data: deflated(PDF_MAX_INFLATED_OTHER_BYTES + 1),
    });
    expect(bomb.length).toBeLessThan(50_000);
    expect(inflatesWithinBounds(bomb)).toBe(false);
    const fits = fileWith({
      dictionary: '/Filter /FlateDecode',
      data: deflated(PDF_MAX_INFLATED_OTHER_BYTES - 1024),
    });
    expect(inflatesWithinBounds(fits)).toBe(true);
  });

  it('counts all streams together, images apart with their own, larger bound', () => {
    const half = deflated(PDF_MAX_INFLATED_OTHER_BYTES / 2 + 1);
    expect(
      inflatesWithinBounds(fileWith({ dictionary: '', data: half }, { dictionary: '', data: half })),
    ).toBe(false);
    // Two 30 MB scans fit beside the content; three pass the 64 MB bound of images.
    const image = { dictionary: '/Subtype /Image /Filter /FlateDecode', data: deflated(30 * MB) };
    expect(inflatesWithinBounds(fileWith(image, { dictionary: '', data: half }))).toBe(true);
    expect(inflatesWithinBounds(fileWith(image, image, image))).toBe(false);
  });

  it('opens a stream compressed twice both times', () => {
    const twice = zlib.deflateSync(deflated(PDF_MAX_INFLATED_OTHER_BYTES + 1));
    expect(
      inflatesWithinBounds(fileWith({ dictionary: '/Filter [/FlateDecode /FlateDecode]', data: twice })),
    ).toBe(false);
  });
});
