import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { hasImageData, imageSize, sniffContentType } from './file-type';

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures/receipts');

describe('sniffContentType', () => {
  it.each([
    ['receipt.jpg', 'image/jpeg'],
    ['receipt.png', 'image/png'],
    ['receipt.pdf', 'application/pdf'],
    ['receipt.webp', 'image/webp'],
    ['receipt.heic', 'image/heic'],
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

  it('reads the dimensions of a WEBP, and refuses one whose picture is cut short', () => {
    const webp = fs.readFileSync(path.join(fixtures, 'receipt.webp'));
    expect(imageSize(webp, 'image/webp')).toEqual({ width: 560, height: 610 });
    expect(hasImageData(webp, 'image/webp')).toBe(true);
    expect(hasImageData(webp.subarray(0, 40), 'image/webp')).toBe(false);
  });

  it('reads the dimensions of a HEIC from its image properties, and refuses one cut short', () => {
    const heic = fs.readFileSync(path.join(fixtures, 'receipt.heic'));
    expect(imageSize(heic, 'image/heic')).toEqual({ width: 560, height: 610 });
    expect(hasImageData(heic, 'image/heic')).toBe(true);
    expect(hasImageData(heic.subarray(0, heic.length - 100), 'image/heic')).toBe(false);
  });

  it('gives up on a truncated header', () => {
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).toBeUndefined();
    expect(imageSize(Buffer.from([0x89, 0x50]), 'image/png')).toBeUndefined();
  });
});

describe('hasImageData', () => {
  const jpeg = fs.readFileSync(path.join(fixtures, 'receipt.jpg'));
  const png = fs.readFileSync(path.join(fixtures, 'receipt.png'));

  it('finds the pixels of real scans, whole or cut short after their first data', () => {
    expect(hasImageData(jpeg, 'image/jpeg')).toBe(true);
    expect(hasImageData(png, 'image/png')).toBe(true);
    // A truncated photo still shows its top part: decoders read what is there.
    expect(hasImageData(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg')).toBe(true);
  });

  it('refuses a header with nothing behind it (such files crashed the image decoder)', () => {
    const frame = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11];
    const emptyJpeg = Buffer.from([0xff, 0xd8, ...frame, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9]);
    expect(hasImageData(emptyJpeg, 'image/jpeg')).toBe(false);
    expect(hasImageData(png.subarray(0, 33), 'image/png')).toBe(false);
  });

  it('refuses a PNG whose first chunk is not its header, or whose chunks run past the end', () => {
    const noHeader = Buffer.concat([png.subarray(0, 8), png.subarray(33)]);
    expect(hasImageData(noHeader, 'image/png')).toBe(false);
    const dataChunk = png.indexOf('IDAT', 0, 'latin1') - 4;
    expect(hasImageData(png.subarray(0, dataChunk + 20), 'image/png')).toBe(false);
  });

  it('refuses a JPEG whose scan header is the last thing in the file', () => {
    const scanStart = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    const scanHeaderLength = jpeg.readUInt16BE(scanStart + 2);
    expect(hasImageData(jpeg.subarray(0, scanStart + 2 + scanHeaderLength), 'image/jpeg')).toBe(false);
  });
});
