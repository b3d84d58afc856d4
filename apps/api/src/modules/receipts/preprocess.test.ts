import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';

import { CORNERS, photoOfPaper } from '../../../test/paper-photo';
import { rotate, skewAngle, type Pixels } from './deskew';
import { flattenBackground, inkBounds, prepareForOcr, stretchGrey, toPgm } from './preprocess';

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures');

describe('stretchGrey', () => {
  it('turns faded grey print into black on white', () => {
    // Two pixels: light-grey "ink" on an off-white page, as faded thermal paper scans.
    const rgba = new Uint8ClampedArray([150, 150, 150, 255, 220, 220, 220, 255]);
    stretchGrey(rgba);
    expect([...rgba]).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
  });
});

describe('toPgm', () => {
  it('writes a binary greyscale image: header, then one byte per pixel', () => {
    const rgba = new Uint8ClampedArray([0, 0, 0, 255, 255, 255, 255, 255]);
    const pgm = toPgm(rgba, 2, 1);
    expect(pgm.subarray(0, 11).toString('latin1')).toBe('P5\n2 1\n255\n');
    expect([...pgm.subarray(11)]).toEqual([0, 255]);
  });
});

describe('inkBounds', () => {
  /** A white page with dark "text" lines (6 px of ink, 4 px of space) inside the given rectangle. */
  function page(width: number, height: number, ink: { x: number; y: number; width: number; height: number }) {
    const grey = new Uint8Array(width * height).fill(250);
    for (let y = ink.y; y < ink.y + ink.height; y += 1) {
      if ((y - ink.y) % 10 >= 6) continue;
      for (let x = ink.x; x < ink.x + ink.width; x += 1) grey[y * width + x] = 20;
    }
    return grey;
  }

  it('finds a small receipt scanned in the middle of a large page, with a margin', () => {
    const grey = page(200, 280, { x: 70, y: 80, width: 60, height: 100 });
    // One speck of dust far from the receipt does not stretch the box.
    grey[5 * 200 + 5] = 0;
    expect(inkBounds(grey, 200, 280)).toEqual({ x: 62, y: 72, width: 76, height: 112 });
  });

  it('leaves a receipt that fills the image uncut', () => {
    expect(inkBounds(page(100, 200, { x: 5, y: 5, width: 90, height: 190 }), 100, 200)).toBeUndefined();
  });

  it('leaves a blank image uncut', () => {
    expect(inkBounds(new Uint8Array(100 * 100).fill(255), 100, 100)).toBeUndefined();
  });
});

describe('flattenBackground', () => {
  /** RGBA of a grey-level function of the position. */
  function image(width: number, height: number, level: (x: number, y: number) => number) {
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) rgba.fill(level(x, y), (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
    return rgba;
  }
  const grey = (rgba: Uint8ClampedArray, width: number, x: number, y: number) => rgba[(y * width + x) * 4];

  it('lifts paper in shadow to white and keeps its print darker than the paper', () => {
    // Left half in shadow (paper 120, print 50), right half lit (paper 240, print 100); a print dot
    // every 10 px in both halves.
    const width = 200;
    const height = 100;
    const rgba = image(width, height, (x, y) => {
      const print = x % 10 === 5 && y % 10 === 5;
      if (x < 100) return print ? 50 : 120;
      return print ? 100 : 240;
    });
    flattenBackground(rgba, width, height);
    expect(grey(rgba, width, 20, 20)).toBeGreaterThan(240);
    expect(grey(rgba, width, 180, 20)).toBeGreaterThan(240);
    expect(grey(rgba, width, 25, 25)).toBeLessThan(120);
    expect(grey(rgba, width, 175, 25)).toBeLessThan(120);
  });

  it('leaves an evenly lit scan as it is', () => {
    const width = 100;
    const height = 100;
    const rgba = image(width, height, (x, y) => (x % 10 === 5 && y % 10 === 5 ? 60 : 200));
    const before = [...rgba];
    flattenBackground(rgba, width, height);
    expect([...rgba]).toEqual(before);
  });

  it('keeps the print in a deep shadow on a photo already cut to its paper', () => {
    // Left half in a deep shadow (paper 100, print 40), right half lit (paper 240, print 100).
    const width = 200;
    const height = 100;
    const rgba = image(width, height, (x, y) => {
      const print = x % 10 === 5 && y % 10 === 5;
      if (x < 100) return print ? 40 : 100;
      return print ? 100 : 240;
    });
    flattenBackground(rgba, width, height, { photo: true });
    expect(grey(rgba, width, 20, 20)).toBeGreaterThan(200);
    expect(grey(rgba, width, 25, 25)).toBeLessThan(120);
  });

  it('turns the dark table around a photographed receipt white', () => {
    const width = 300;
    const height = 100;
    // Paper in the middle third, a dark table on both sides.
    const rgba = image(width, height, (x) => (x >= 100 && x < 200 ? 230 : 15));
    flattenBackground(rgba, width, height);
    expect(grey(rgba, width, 10, 50)).toBe(255);
    expect(grey(rgba, width, 290, 50)).toBe(255);
    expect(grey(rgba, width, 150, 50)).toBe(255);
  });
});

describe('prepareForOcr', () => {
  it('turns a photographed receipt level before the OCR reads it', async () => {
    const image = await loadImage(fs.readFileSync(path.join(fixtures, 'receipts/receipt.png')));
    const upright = createCanvas(image.width, image.height).getContext('2d');
    upright.drawImage(image, 0, 0);
    const turned = rotate(
      {
        rgba: upright.getImageData(0, 0, image.width, image.height).data,
        width: image.width,
        height: image.height,
      },
      6,
    );
    const canvas = createCanvas(turned.width, turned.height);
    const context = canvas.getContext('2d');
    const data = context.createImageData(turned.width, turned.height);
    data.data.set(turned.rgba);
    context.putImageData(data, 0, 0);

    const prepared = fromPgm(await prepareForOcr(canvas.toBuffer('image/png')));
    expect(Math.abs(skewAngle(prepared))).toBeLessThan(0.5);
  });
});

describe('prepareForOcr on a photo', () => {
  it('gives the OCR the paper of the receipt seen square, not the photo with the table around it', async () => {
    const photo = photoOfPaper(600, 800, CORNERS);
    const canvas = createCanvas(photo.width, photo.height);
    const context = canvas.getContext('2d');
    const data = context.createImageData(photo.width, photo.height);
    data.data.set(photo.rgba);
    context.putImageData(data, 0, 0);

    const prepared = fromPgm(await prepareForOcr(canvas.toBuffer('image/png')));
    // The paper's proportions (its sides are about 426 and 608 px long), not the photo's 600 × 800.
    expect(prepared.height / prepared.width).toBeCloseTo(608 / 426, 1);
    expect(prepared.width).toBeGreaterThanOrEqual(900);
  });

  it('leaves the page of a scan in its proportions', async () => {
    const image = fs.readFileSync(path.join(fixtures, 'receipts/receipt.png'));
    const source = await loadImage(image);
    const prepared = fromPgm(await prepareForOcr(image));
    expect(prepared.height / prepared.width).toBeCloseTo(source.height / source.width, 2);
  });
});

/** Pixels of a binary PGM as prepareForOcr writes it (one byte per pixel, after the header). */
function fromPgm(pgm: Buffer): Pixels {
  const [, width = 0, height = 0] = pgm.subarray(0, 40).toString('latin1').split(/\s+/).map(Number);
  const body = pgm.subarray(pgm.length - width * height);
  const rgba = new Uint8ClampedArray(width * height * 4);
  body.forEach((grey, pixel) => rgba.fill(grey, pixel * 4, pixel * 4 + 3));
  for (let pixel = 0; pixel < body.length; pixel += 1) rgba[pixel * 4 + 3] = 255;
  return { rgba, width, height };
}
