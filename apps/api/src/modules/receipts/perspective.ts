import type { Pixels } from './deskew';

/** A point in pixels, x to the right and y down. */
export type Point = { x: number; y: number };
/** A 3 × 3 projective transform, row by row, its last entry 1. */
export type Homography = number[];

/**
 * The projective transform taking each of the four points `from` to the matching one of `to` (the
 * classic eight equations in eight unknowns, solved by Gaussian elimination). Undefined when the points
 * are degenerate (three on a line).
 */
export function homography(from: Point[], to: Point[]): Homography | undefined {
  const rows: number[][] = [];
  for (let index = 0; index < 4; index += 1) {
    const { x, y } = from[index] as Point;
    const { x: u, y: v } = to[index] as Point;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const solution = solve(rows);
  return solution && [...solution, 1];
}

/** Where the transform takes a point. */
export function project(h: Homography, { x, y }: Point): Point {
  const w = (h[6] ?? 0) * x + (h[7] ?? 0) * y + (h[8] ?? 1);
  return {
    x: ((h[0] ?? 0) * x + (h[1] ?? 0) * y + (h[2] ?? 0)) / w,
    y: ((h[3] ?? 0) * x + (h[4] ?? 0) * y + (h[5] ?? 0)) / w,
  };
}

/**
 * The quadrilateral `corners` (top-left, top-right, bottom-right, bottom-left) of the image, warped
 * into an upright `width` × `height` rectangle: each target pixel takes the source colour at the point
 * the transform sends it to, interpolated between the four pixels around it (bilinear). Points that fall
 * off the image are white, like paper.
 */
export function warpQuad(image: Pixels, corners: Point[], width: number, height: number): Pixels {
  const rectangle = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const toSource = homography(rectangle, corners);
  if (!toSource) throw new Error('The corners do not make a quadrilateral.');
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = toSource;
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  const { rgba: source, width: sourceWidth, height: sourceHeight } = image;
  for (let y = 0; y < height; y += 1) {
    const cy = y + 0.5;
    for (let x = 0; x < width; x += 1) {
      const cx = x + 0.5;
      const w = g * cx + h * cy + 1;
      // Pixel centres sit at half-integers in both images.
      const u = (a * cx + b * cy + c) / w - 0.5;
      const v = (d * cx + e * cy + f) / w - 0.5;
      if (u < 0 || v < 0 || u > sourceWidth - 1 || v > sourceHeight - 1) continue;
      const x0 = Math.min(sourceWidth - 2, Math.floor(u));
      const y0 = Math.min(sourceHeight - 2, Math.floor(v));
      const wx = u - x0;
      const wy = v - y0;
      const i00 = (y0 * sourceWidth + x0) * 4;
      const i10 = i00 + 4;
      const i01 = i00 + sourceWidth * 4;
      const i11 = i01 + 4;
      const target = (y * width + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        const top = (source[i00 + channel] ?? 0) * (1 - wx) + (source[i10 + channel] ?? 0) * wx;
        const bottom = (source[i01 + channel] ?? 0) * (1 - wx) + (source[i11 + channel] ?? 0) * wx;
        rgba[target + channel] = top * (1 - wy) + bottom * wy;
      }
    }
  }
  return { rgba, width, height };
}

/** The solution of an n × (n + 1) augmented system, or undefined when it is singular. */
function solve(rows: number[][]): number[] | undefined {
  const n = rows.length;
  for (let column = 0; column < n; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < n; row += 1) {
      if (Math.abs(rows[row]?.[column] ?? 0) > Math.abs(rows[pivot]?.[column] ?? 0)) pivot = row;
    }
    const pivotRow = rows[pivot] as number[];
    if (Math.abs(pivotRow[column] ?? 0) < 1e-12) return undefined;
    rows[pivot] = rows[column] as number[];
    rows[column] = pivotRow;
    for (let row = 0; row < n; row += 1) {
      if (row === column) continue;
      const current = rows[row] as number[];
      const factor = (current[column] ?? 0) / (pivotRow[column] ?? 1);
      for (let k = column; k <= n; k += 1) current[k] = (current[k] ?? 0) - factor * (pivotRow[k] ?? 0);
    }
  }
  return rows.map((row, index) => (row[n] ?? 0) / (row[index] ?? 1));
}
