import { describe, expect, it } from 'vitest';

import { homography, project, warpQuad, type Point } from './perspective';

describe('homography', () => {
  it('takes each of four corners to its match, and the centre to where the perspective puts it', () => {
    const square: Point[] = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ];
    // A keystone: the top edge half as wide as the bottom one.
    const trapezoid: Point[] = [
      { x: 25, y: 0 },
      { x: 75, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ];
    const h = homography(square, trapezoid);
    expect(h).toBeDefined();
    trapezoid.forEach((corner, index) => {
      const point = project(h ?? [], square[index] as Point);
      expect(point.x).toBeCloseTo(corner.x, 6);
      expect(point.y).toBeCloseTo(corner.y, 6);
    });
    // The far half of the square looks smaller: its centre is where the trapezoid's diagonals cross,
    // a third of the way down (not half-way, as an affine stretch would put it).
    const centre = project(h ?? [], { x: 50, y: 50 });
    expect(centre.x).toBeCloseTo(50, 6);
    expect(centre.y).toBeCloseTo(100 / 3, 6);
  });

  it('refuses corners on one line', () => {
    const line = [0, 1, 2, 3].map((i) => ({ x: i * 10, y: i * 10 }));
    expect(homography(line, line)).toBeUndefined();
  });
});

describe('warpQuad', () => {
  /** A 4 × 3 image whose grey level is 10·x + 50·y. */
  const image = {
    width: 4,
    height: 3,
    rgba: new Uint8ClampedArray(
      Array.from({ length: 12 }, (_, i) => {
        const level = 10 * (i % 4) + 50 * Math.floor(i / 4);
        return [level, level, level, 255];
      }).flat(),
    ),
  };

  it('copies an upright rectangle pixel for pixel', () => {
    const corners = [
      { x: 1, y: 1 },
      { x: 3, y: 1 },
      { x: 3, y: 3 },
      { x: 1, y: 3 },
    ];
    const warped = warpQuad(image, corners, 2, 2);
    expect([0, 1, 2, 3].map((pixel) => warped.rgba[pixel * 4])).toEqual([60, 70, 110, 120]);
  });

  it('interpolates between pixels, and leaves what falls off the image white', () => {
    const corners = [
      { x: 0.5, y: 0 },
      { x: 2.5, y: 0 },
      { x: 2.5, y: 1 },
      { x: 0.5, y: 1 },
    ];
    // Target pixel centres land half-way between source pixels: the mean of the two.
    expect([0, 1].map((pixel) => warpQuad(image, corners, 2, 1).rgba[pixel * 4])).toEqual([5, 15]);
    const beyond = [
      { x: 4, y: 0 },
      { x: 6, y: 0 },
      { x: 6, y: 1 },
      { x: 4, y: 1 },
    ];
    expect(warpQuad(image, beyond, 2, 1).rgba[0]).toBe(255);
  });
});
