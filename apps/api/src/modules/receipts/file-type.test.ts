import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { imageSize, sniffContentType } from './file-type';

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures/receipts');

describe('sniffContentType', () => {
  it.each([
    ['receipt.jpg', 'image/jpeg'],
    ['receipt.png', 'image/png'],
    ['receipt.pdf', 'application/pdf'],
  ])('recognises %s from its bytes', (file, type) => {
    expect(sniffContentType(fs.readFileSync(path.join(fixtures, file)))).toBe(type);
  });

  it('refuses text, GIFs and empty files whatever their name says', () => {
    expect(sniffContentType(Buffer.from('TOTAL 12.00\n'))).toBeUndefined();
    expect(sniffContentType(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeUndefined();
    expect(sniffContentType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('imageSize', () => {
  it('reads the dimensions of a JPEG and a PNG from their headers', () => {
    expect(imageSize(fs.readFileSync(path.join(fixtures, 'receipt.jpg')), 'image/jpeg')).toEqual({
      width: 459,
      height: 949,
    });
    expect(imageSize(fs.readFileSync(path.join(fixtures, 'receipt.png')), 'image/png')).toMatchObject({
      width: expect.any(Number),
    });
  });

  it('gives up on a truncated header', () => {
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).toBeUndefined();
    expect(imageSize(Buffer.from([0x89, 0x50]), 'image/png')).toBeUndefined();
  });
});
