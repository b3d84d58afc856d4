import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';

import { rotate, skewAngle, straighten, type Pixels } from './deskew';

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures');

/** A receipt image of the fixtures, as pixels. */
async function pixelsOf(file: string): Promise<Pixels> {
  const image = await loadImage(fs.readFileSync(path.join(fixtures, file)));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { width, height } = image;
  return { rgba: context.getImageData(0, 0, width, height).data, width, height };
}

// Receipts drawn upright: a synthetic one, and two of the world set whose renders came out level.
const UPRIGHT = [
  'receipts/receipt.png',
  'receipts-world/de-supermarket.jpg',
  'receipts-world/us-grocery.jpg',
];

describe('skewAngle', () => {
  it.each([
    [UPRIGHT[0], 5],
    [UPRIGHT[0], -8],
    [UPRIGHT[1], -3.5],
    [UPRIGHT[1], 7.8],
    [UPRIGHT[2], 2.2],
    [UPRIGHT[2], -6.4],
  ])('finds the angle %s was turned by (%s°) within half a degree', async (file, degrees) => {
    const turned = rotate(await pixelsOf(file ?? ''), degrees);
    expect(Math.abs(skewAngle(turned) - degrees)).toBeLessThan(0.5);
  });

  // Simulated phone photos (receipts-world-photo; not of the held-out fold): the paper lies on a
  // textured surface, seen at an angle, unevenly lit. The angles are those the renderer turned the
  // paper by (its log); the keystone bends the lines around that by a little.
  it.each([
    ['receipts-world-photo/es-super.jpg', -6.3],
    ['receipts-world-photo/fr-boulangerie.jpg', 3.9],
    ['receipts-world-photo/jp-konbini.jpg', 4.2],
    ['receipts-world-photo/de-restaurant.webp', 2.8],
    ['receipts-world-photo/nl-cafe.jpg', -2.8],
  ])('finds the angle the paper of %s is turned by (%s°) within half a degree', async (file, degrees) => {
    expect(Math.abs(skewAngle(await pixelsOf(file)) - degrees)).toBeLessThan(0.5);
  });

  it('reads an upright receipt as level', async () => {
    expect(skewAngle(await pixelsOf('receipts/receipt.png'))).toBe(0);
  });

  it('finds no angle on a blank page', () => {
    const blank = { rgba: new Uint8ClampedArray(200 * 300 * 4).fill(255), width: 200, height: 300 };
    expect(skewAngle(blank)).toBe(0);
  });
});

describe('straighten', () => {
  it('turns a photographed receipt level', async () => {
    const turned = rotate(await pixelsOf('receipts-world/us-grocery.jpg'), -6);
    const level = straighten(turned);
    expect(level === turned).toBe(false);
    expect(Math.abs(skewAngle(level))).toBeLessThan(0.5);
  });

  it.each(['receipts/receipt.png', 'receipts/receipt.jpg', 'receipts-world/uk-pub.jpg'])(
    'leaves a straight scan (%s) as it is, pixel for pixel',
    async (file) => {
      const scan = await pixelsOf(file);
      // Compared by identity: a failed comparison of two million-byte arrays would print them whole.
      expect(straighten(scan) === scan).toBe(true);
    },
  );
});
