import { describe, expect, it } from 'vitest';

import { stretchGrey, toPgm } from './preprocess';

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
