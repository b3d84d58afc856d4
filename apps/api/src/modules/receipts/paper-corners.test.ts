import { describe, expect, it } from 'vitest';

import { CORNERS, photoOfPaper as photo, PRINT_ROWS } from '../../../test/paper-photo';
import type { Pixels } from './deskew';
import { flattenPaper, paperCorners } from './paper-corners';
import type { Point } from './perspective';

function greyAt({ rgba, width }: Pixels, x: number, y: number): number {
  return rgba[(Math.round(y) * width + Math.round(x)) * 4] ?? 0;
}

/** Share of the pixels along row `y`, between `from` and `to` (shares of the width), darker than 128. */
function darkShare(image: Pixels, y: number, from: number, to: number): number {
  let dark = 0;
  let all = 0;
  for (let x = Math.round(image.width * from); x < image.width * to; x += 1) {
    all += 1;
    if (greyAt(image, x, y) < 128) dark += 1;
  }
  return dark / all;
}

describe('paperCorners', () => {
  it('finds the four corners of a receipt lying on a dark, busy surface, within 3 px', () => {
    const corners = paperCorners(photo(600, 800, CORNERS));
    expect(corners).toHaveLength(4);
    corners?.forEach((corner, index) => {
      const expected = CORNERS[index] as Point;
      expect(Math.hypot(corner.x - expected.x, corner.y - expected.y)).toBeLessThan(3);
    });
  });

  it('finds nothing on a scan that is all paper', () => {
    expect(paperCorners(photo(600, 800))).toBeUndefined();
  });

  it('finds nothing when the receipt runs off the photo', () => {
    const offFrame = CORNERS.map(({ x, y }) => ({ x, y: y + 150 }));
    expect(paperCorners(photo(600, 800, offFrame))).toBeUndefined();
  });

  it('finds the whole receipt under a soft shadow across its lower part', () => {
    // On a grey table: the shaded paper is darker than the lit table.
    const image = photo(600, 800, CORNERS, [110, 150]);
    // A cast shadow's edge is soft: 35 % darker below, reached over 80 px (as in the simulated photos).
    for (let y = 0; y < image.height; y += 1) {
      const light = 1 - 0.35 / (1 + Math.exp(-(y - 420) / 16));
      for (let i = y * image.width * 4; i < (y + 1) * image.width * 4; i += 1) {
        if (i % 4 !== 3) image.rgba[i] = (image.rgba[i] ?? 0) * light;
      }
    }
    const corners = paperCorners(image);
    expect(corners).toHaveLength(4);
    corners?.forEach((corner, index) => {
      const expected = CORNERS[index] as Point;
      expect(Math.hypot(corner.x - expected.x, corner.y - expected.y)).toBeLessThan(3);
    });
  });

  it('does not take the lit part of a receipt half in shadow for the whole of it', () => {
    const image = photo(600, 800, CORNERS, [110, 150]);
    // A hard-edged shadow over the paper's bottom half, 40 % darker: below the split between paper and
    // surface, so the lit half alone looks like a sheet.
    for (let y = 410; y < image.height; y += 1) {
      for (let x = 0; x < image.width; x += 1) {
        for (let channel = 0; channel < 3; channel += 1) {
          const i = (y * image.width + x) * 4 + channel;
          image.rgba[i] = (image.rgba[i] ?? 0) * 0.6;
        }
      }
    }
    const corners = paperCorners(image);
    // Either the whole sheet or nothing: never a corner cut halfway down the paper.
    const wholeSheet = corners !== undefined && Math.max(...corners.map(({ y }) => y)) > 690;
    expect(corners === undefined || wholeSheet).toBe(true);
  });
});

describe('flattenPaper', () => {
  it('warps the receipt into an upright rectangle of paper whose rows of print run level', () => {
    const flat = flattenPaper(photo(600, 800, CORNERS));
    // The paper's size (its nearer edges), not the photo's.
    expect(flat.width).toBeGreaterThan(400);
    expect(flat.width).toBeLessThan(440);
    expect(flat.height).toBeGreaterThan(595);
    expect(flat.height).toBeLessThan(625);
    // No surface left around it: every edge is paper.
    for (const [x, y] of [
      [5, flat.height / 2],
      [flat.width - 6, flat.height / 2],
      [flat.width / 2, 5],
      [flat.width / 2, flat.height - 6],
      [5, 5],
      [flat.width - 6, flat.height - 6],
    ] as const) {
      expect(greyAt(flat, x, y)).toBeGreaterThan(200);
    }
    // Each row of print is a level band: a line of pixels crosses it all or misses it, hardly any
    // runs through part of it (the photo's slanting rows cross 7 lines of pixels out of 10 partly).
    const shares = Array.from({ length: flat.height }, (_, y) => darkShare(flat, y, 0.12, 0.86));
    const bands = shares.filter((share, y) => share > 0.8 && !((shares[y - 1] ?? 0) > 0.8)).length;
    const partly = shares.filter((share) => share > 0.05 && share <= 0.8).length;
    expect(bands).toBe(PRINT_ROWS.length);
    expect(partly).toBeLessThan(0.05 * flat.height);
  });

  it('grows the paper to the width asked for', () => {
    expect(flattenPaper(photo(600, 800, CORNERS), 900).width).toBe(900);
  });

  it('leaves a scan that is all paper exactly as it was', () => {
    const scan = photo(600, 800);
    expect(flattenPaper(scan)).toBe(scan);
  });
});
