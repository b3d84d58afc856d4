import { describe, expect, it } from 'vitest';

import { invertLightOnDark, isLightOnDark } from './light-on-dark';

const WIDTH = 300;
const HEIGHT = 400;

/** A page of `page` grey with lines of "text" strokes of `ink` grey (3 px strokes, 5 px apart). */
function textPage(page: number, ink: number): Uint8Array {
  const grey = new Uint8Array(WIDTH * HEIGHT).fill(page);
  for (let line = 30; line < HEIGHT - 30; line += 24) {
    for (let y = line; y < line + 12; y += 1) {
      for (let x = 20; x < 240; x += 8) {
        for (let stroke = 0; stroke < 3; stroke += 1) grey[y * WIDTH + x + stroke] = ink;
      }
    }
  }
  return grey;
}

describe('isLightOnDark', () => {
  it('knows a dark-mode page: light strokes of text on a near-black page', () => {
    expect(isLightOnDark(textPage(18, 230), WIDTH, HEIGHT)).toBe(true);
  });

  it('leaves paper with dark print alone', () => {
    expect(isLightOnDark(textPage(245, 20), WIDTH, HEIGHT)).toBe(false);
  });

  it('leaves a light receipt photographed small on a dark table alone: its paper is one wide light area', () => {
    const grey = new Uint8Array(WIDTH * HEIGHT).fill(35);
    // Paper of 90 × 250 px (under a fifth of the frame), with a few dark text lines on it.
    for (let y = 60; y < 310; y += 1) {
      for (let x = 100; x < 190; x += 1) grey[y * WIDTH + x] = (y - 60) % 20 < 4 && x < 170 ? 40 : 235;
    }
    expect(isLightOnDark(grey, WIDTH, HEIGHT)).toBe(false);
  });

  it('leaves a dark page with no print alone', () => {
    expect(isLightOnDark(new Uint8Array(WIDTH * HEIGHT).fill(20), WIDTH, HEIGHT)).toBe(false);
  });
});

describe('invertLightOnDark', () => {
  it('turns a dark-mode page into dark print on a light page, and says so', () => {
    const grey = textPage(18, 230);
    const rgba = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
    grey.forEach((value, pixel) => rgba.set([value, value, value, 255], pixel * 4));
    expect(invertLightOnDark({ rgba, width: WIDTH, height: HEIGHT })).toBe(true);
    // The page's corner is light now, a stroke dark; alpha untouched.
    expect([...rgba.subarray(0, 4)]).toEqual([237, 237, 237, 255]);
    const stroke = (30 * WIDTH + 20) * 4;
    expect(rgba[stroke]).toBe(25);
  });
});
