import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';

import { prepareForOcr } from './preprocess';

/**
 * Phones store a photo taken upright as the sensor saw it (sideways) and say how to turn it in the
 * JPEG's EXIF "Orientation" tag. The OCR reads lines left to right: a receipt given to it sideways
 * reads as nothing. These build such a file and check the OCR is given the receipt upright.
 */

/** A JPEG of a tall receipt (dark lines of "print" across white paper), its pixels turned as given. */
async function receiptJpeg(storedSideways: boolean): Promise<Buffer> {
  const [width, height] = storedSideways ? [800, 400] : [400, 800];
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#111';
  for (let line = 40; line < 760; line += 30) {
    // Upright: a line across the paper. Stored turned a quarter anticlockwise: a column, its first
    // line (the top of the receipt) on the left.
    if (storedSideways) context.fillRect(line, 40, 12, 320);
    else context.fillRect(40, line, 320, 12);
  }
  return canvas.encode('jpeg', 90);
}

/** The JPEG with an EXIF block whose Orientation tag is `orientation` (6: turn a quarter clockwise to show). */
function withOrientation(jpeg: Buffer, orientation: number): Buffer {
  // A big-endian TIFF header and one IFD entry: tag 0x0112 (Orientation), SHORT, count 1.
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = payload.length + 2;
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, length >> 8, length & 0xff]), payload]);
  // Right after the start-of-image marker, where cameras write it.
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}

/** Width and height of the PGM prepareForOcr writes. */
function pgmSize(pgm: Buffer) {
  const [, width = 0, height = 0] = pgm.subarray(0, 40).toString('latin1').split(/\s+/).map(Number);
  return { width, height };
}

describe('a phone photo stored sideways', () => {
  it('is given to the OCR upright when its EXIF orientation says so', async () => {
    const stored = withOrientation(await receiptJpeg(true), 6);
    const { width, height } = pgmSize(await prepareForOcr(stored));
    // The receipt is twice as tall as wide once turned; read as stored it would be twice as wide.
    expect(height / width).toBeCloseTo(2, 1);
  });

  it('is left as stored when the orientation says it is upright already', async () => {
    const upright = withOrientation(await receiptJpeg(false), 1);
    const { width, height } = pgmSize(await prepareForOcr(upright));
    expect(height / width).toBeCloseTo(2, 1);
  });
});
