/*
 * A page's brightness measured on a grid of square blocks (the brightest pixel of each block is paper unless
 * the block is all print or all border), as the background flattening (preprocess.ts) and the deskew's ink
 * finder (deskew.ts) both read it; and the grey level splitting dark from light (the receipt's crop in
 * preprocess.ts, the paper's corners in paper-corners.ts); and the grey of each pixel they start from.
 */

export type BlockGrid = { values: Float32Array; columns: number; rows: number; block: number };

/**
 * Per block, the brightest and the dimmest of the 3 × 3 blocks around it: the brightest is the paper near
 * it (a block inside a bold heading still finds the paper), the dimmest says whether all of them are paper.
 */
export function blockNeighbourhood({ values, columns, rows }: BlockGrid): {
  brightest: Float32Array;
  dimmest: Float32Array;
} {
  const brightest = new Float32Array(columns * rows);
  const dimmest = new Float32Array(columns * rows);
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < columns; bx += 1) {
      let high = 0;
      let low = 255;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = bx + dx;
          const ny = by + dy;
          if (nx < 0 || ny < 0 || nx >= columns || ny >= rows) continue;
          const value = values[ny * columns + nx] ?? 0;
          high = Math.max(high, value);
          low = Math.min(low, value);
        }
      }
      brightest[by * columns + bx] = high;
      dimmest[by * columns + bx] = low;
    }
  }
  return { brightest, dimmest };
}

/**
 * A block field's value at pixel (x, y), interpolated between block centres: a level that jumps from block
 * to block would show the blocks' edges (in a flattened page, or as rows and columns of "ink").
 */
export function blockValueAt(grid: BlockGrid, x: number, y: number): number {
  const fx = (x + 0.5) / grid.block - 0.5;
  const fy = (y + 0.5) / grid.block - 0.5;
  const bx = Math.floor(fx);
  const by = Math.floor(fy);
  const wx = fx - bx;
  const wy = fy - by;
  const top = cell(grid, bx, by) * (1 - wx) + cell(grid, bx + 1, by) * wx;
  const bottom = cell(grid, bx, by + 1) * (1 - wx) + cell(grid, bx + 1, by + 1) * wx;
  return top * (1 - wy) + bottom * wy;
}

/** A block's value, the nearest edge block's for one outside the grid. No closure: it runs per pixel. */
function cell({ values, columns, rows }: BlockGrid, bx: number, by: number): number {
  return values[Math.min(rows - 1, Math.max(0, by)) * columns + Math.min(columns - 1, Math.max(0, bx))] ?? 0;
}

/**
 * The grey level that best splits print from paper (Otsu: the largest variance between the two
 * classes), so faded print counts as ink and a mostly blank page is not all "ink".
 */
export function otsuThreshold(grey: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  let sum = 0;
  for (const value of grey) {
    histogram[value] = (histogram[value] ?? 0) + 1;
    sum += value;
  }
  let darkCount = 0;
  let darkSum = 0;
  let best = { level: 128, variance: -1 };
  for (let level = 0; level < 256; level += 1) {
    darkCount += histogram[level] ?? 0;
    darkSum += level * (histogram[level] ?? 0);
    const lightCount = grey.length - darkCount;
    if (darkCount === 0 || lightCount === 0) continue;
    const difference = darkSum / darkCount - (sum - darkSum) / lightCount;
    const variance = darkCount * lightCount * difference * difference;
    if (variance > best.variance) best = { level, variance };
  }
  return best.level + 1;
}

/** One grey level (0–255) per pixel of RGBA data, weighted as the eye sees the three colours. */
export function toGrey(rgba: Uint8ClampedArray): Uint8Array {
  const grey = new Uint8Array(rgba.length / 4);
  for (let pixel = 0; pixel < grey.length; pixel += 1) {
    const i = pixel * 4;
    grey[pixel] = Math.round(
      0.299 * (rgba[i] ?? 0) + 0.587 * (rgba[i + 1] ?? 0) + 0.114 * (rgba[i + 2] ?? 0),
    );
  }
  return grey;
}
