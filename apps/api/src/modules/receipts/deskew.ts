import { createCanvas } from '@napi-rs/canvas';

import { blockNeighbourhood, blockValueAt } from './paper-blocks';

/** An image's pixels, RGBA, row by row. */
export type Pixels = { rgba: Uint8ClampedArray; width: number; height: number };

/** Skews searched: a photo taken by hand is rarely turned by more than this. */
const MAX_SKEW_DEGREES = 10;
/** First pass over the whole range, then a finer one around its best. */
const COARSE_STEP_DEGREES = 0.25;
const FINE_STEP_DEGREES = 0.05;
/**
 * Below this a turn is left undone, and the page stays pixel for pixel what it was: a scanner's feed or
 * a careful photo leaves up to about a degree, which both engines read as it is (the world set's
 * renders, turned by up to 1.2°, read at 86–100 %), and resampling would only soften the print.
 */
const MIN_TURN_DEGREES = 1.5;
/**
 * The skew is measured on a copy of about this many pixels: text lines stay 8–20 px high, and the
 * search costs the same whatever the photo's size.
 */
const MEASURE_PIXELS = 600_000;
/** The best angle must sharpen the rows this much over upright, or the page has no lines to go by. */
const CLEARLY_SHARPER = 1.1;

/**
 * The angle, in degrees, by which the text lines of a page run clockwise from horizontal (positive: a
 * line goes down to the right). Found from the projection profile: summed along the right angle, ink
 * falls into sharp rows of text and gaps, so the profile changes most from row to row; along a wrong
 * one rows smear into each other. 0 when nothing clearly beats upright (a blank page, a photo of
 * something else).
 */
export function skewAngle(image: Pixels): number {
  const ink = inkPoints(measuringCopy(image));
  if (ink.xs.length < 100) return 0;
  const upright = sharpness(ink, 0);
  const best = (from: number, to: number, step: number, start: { angle: number; score: number }) => {
    let found = start;
    for (let angle = from; angle <= to + 1e-9; angle += step) {
      const score = sharpness(ink, angle);
      if (score > found.score) found = { angle, score };
    }
    return found;
  };
  const coarse = best(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, COARSE_STEP_DEGREES, { angle: 0, score: upright });
  const fine = best(
    coarse.angle - COARSE_STEP_DEGREES,
    coarse.angle + COARSE_STEP_DEGREES,
    FINE_STEP_DEGREES,
    coarse,
  );
  if (fine.score < upright * CLEARLY_SHARPER) return 0;
  return Math.round(fine.angle * 100) / 100;
}

/**
 * The page turned so its text lines run level, on a canvas grown to hold all of it (the corners it
 * uncovers are white, like paper). The page itself when its skew is too small to be worth a resampling.
 */
export function straighten(image: Pixels): Pixels {
  const angle = skewAngle(image);
  if (Math.abs(angle) < MIN_TURN_DEGREES) return image;
  return rotate(image, -angle);
}

/** The image turned clockwise by `degrees` about its centre, on a canvas that holds all of it. */
export function rotate(image: Pixels, degrees: number): Pixels {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const width = Math.ceil(image.width * cos + image.height * sin);
  const height = Math.ceil(image.width * sin + image.height * cos);
  const source = canvasOf(image);
  const target = createCanvas(width, height);
  const context = target.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.translate(width / 2, height / 2);
  context.rotate(radians);
  context.drawImage(source, -image.width / 2, -image.height / 2);
  return { rgba: context.getImageData(0, 0, width, height).data, width, height };
}

/** A smaller copy, in grey. */
function measuringCopy(image: Pixels): { grey: Uint8Array; width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(MEASURE_PIXELS / (image.width * image.height)));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const source = canvasOf(image);
  const copy = createCanvas(width, height);
  const context = copy.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  const rgba = context.getImageData(0, 0, width, height).data;
  const grey = new Uint8Array(width * height);
  for (let pixel = 0; pixel < grey.length; pixel += 1) {
    const i = pixel * 4;
    grey[pixel] = 0.299 * (rgba[i] ?? 0) + 0.587 * (rgba[i + 1] ?? 0) + 0.114 * (rgba[i + 2] ?? 0);
  }
  return { grey, width, height };
}

/** Side of the blocks in which the paper's brightness is measured, in the measuring copy's pixels. */
const BLOCK = 16;
/** Print is at most this bright against the paper around it; blotches and shading of a surface are not. */
const INK_CONTRAST = 0.7;
/**
 * Paper is at least this bright against the brightest paper of the page: the table around it is
 * usually darker, and where it is not, its texture is too faint beside print to count as ink.
 */
const PAPER_LEVEL = 0.6;

type Ink = { xs: Float32Array; ys: Float32Array; height: number; width: number };

/**
 * Coordinates of the print, relative to the centre of the image: pixels clearly darker than the paper
 * around them (the brightest of the nearby blocks), on paper. Judged against nearby paper, print in a
 * shadow still counts, and the texture of the surface a receipt lies on does not.
 */
function inkPoints({ grey, width, height }: { grey: Uint8Array; width: number; height: number }): Ink {
  const columns = Math.ceil(width / BLOCK);
  const rows = Math.ceil(height / BLOCK);
  const blockMax = new Float32Array(columns * rows);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const block = Math.floor(y / BLOCK) * columns + Math.floor(x / BLOCK);
      blockMax[block] = Math.max(blockMax[block] ?? 0, grey[y * width + x] ?? 0);
    }
  }
  const paperLevel = [...blockMax].sort((a, b) => a - b)[Math.floor(blockMax.length * 0.9)] ?? 255;
  // Per block, the paper nearby (the brightest of the blocks around), and whether all of those blocks
  // are paper: near the edge of the receipt the table is darker than the paper next to it, and would
  // count as a long line of "print" along the edge, at the paper's angle rather than the text's.
  const grid = { columns, rows, block: BLOCK };
  const { brightest, dimmest } = blockNeighbourhood({ ...grid, values: blockMax });
  const paper = { ...grid, values: brightest };
  const onPaper = { ...grid, values: dimmest.map((level) => (level >= paperLevel * PAPER_LEVEL ? 1 : 0)) };
  // Interpolated between block centres: a level that jumps from block to block would cut the ink into
  // rows and columns of blocks, and the page would always look upright.
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const level = grey[y * width + x] ?? 255;
      // Most pixels are paper: the cheap test first.
      if (level > paperLevel * INK_CONTRAST) continue;
      if (blockValueAt(onPaper, x, y) < 0.5 || level > blockValueAt(paper, x, y) * INK_CONTRAST) continue;
      xs.push(x - width / 2);
      ys.push(y - height / 2);
    }
  }
  return { xs: Float32Array.from(xs), ys: Float32Array.from(ys), width, height };
}

/**
 * How sharply the ink falls into rows when summed along lines turned by `degrees`: the sum of the
 * squared changes from one 1-px row to the next.
 */
function sharpness(ink: Ink, degrees: number): number {
  const radians = (degrees * Math.PI) / 180;
  const tan = Math.tan(radians);
  const reach = Math.ceil(ink.height / 2 + (ink.width / 2) * Math.abs(tan)) + 1;
  const rows = new Float64Array(2 * reach + 1);
  for (let index = 0; index < ink.xs.length; index += 1) {
    const row = Math.round((ink.ys[index] ?? 0) - (ink.xs[index] ?? 0) * tan) + reach;
    rows[row] = (rows[row] ?? 0) + 1;
  }
  let sum = 0;
  for (let row = 1; row < rows.length; row += 1) {
    const change = (rows[row] ?? 0) - (rows[row - 1] ?? 0);
    sum += change * change;
  }
  return sum;
}

/** The pixels on a canvas of their size, to draw from. */
function canvasOf(image: Pixels) {
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  const data = context.createImageData(image.width, image.height);
  data.data.set(image.rgba);
  context.putImageData(data, 0, 0);
  return canvas;
}
