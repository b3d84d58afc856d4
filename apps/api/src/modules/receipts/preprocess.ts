import { createCanvas, loadImage } from '@napi-rs/canvas';

import { straighten } from './deskew';
import { invertLightOnDark } from './light-on-dark';
import { blockNeighbourhood, blockValueAt, otsuThreshold, toGrey } from './paper-blocks';
import { flattenPaper } from './paper-corners';

/**
 * Receipt text reads best at roughly 20–40 px per text line: small scans are enlarged, huge phone
 * photos shrunk (which also bounds the OCR time).
 */
const MIN_WIDTH = 900;
const MAX_WIDTH = 1600;
/** Width of the low-resolution copy used to find where the receipt lies on the page. */
const THUMB_WIDTH = 400;

/**
 * Grey, contrast-stretched, resized copy of a receipt photo or scan, as PGM bytes for the OCR.
 * A small receipt scanned on a large white page is cut out first, so that shrinking the page does not
 * shrink its print below what the OCR can read.
 */
export async function prepareForOcr(image: Buffer): Promise<Buffer> {
  const source = await loadImage(image);
  const crop = receiptBounds(source);
  const scale = crop.width < MIN_WIDTH ? MIN_WIDTH / crop.width : Math.min(1, MAX_WIDTH / crop.width);
  const width = Math.max(1, Math.round(crop.width * scale));
  const height = Math.max(1, Math.round(crop.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(source, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);

  // A photo's paper is cut out of the table it lies on and seen square (the table's texture reads as
  // stray letters, and a keystone bends the lines); a scan is left as it is.
  const frame = { rgba: context.getImageData(0, 0, width, height).data, width, height };
  const paper = flattenPaper(frame, MIN_WIDTH);
  // A dark-mode screenshot of an e-receipt is read as dark print on light paper (light-on-dark.ts).
  if (paper === frame) invertLightOnDark(paper);
  // Turned level then: tesseract reads a line at a time, and a turned line runs into the next one.
  const page = straighten(paper);
  // A photographed sheet is lit unevenly even when no table is left around it.
  flattenBackground(page.rgba, page.width, page.height, { photo: paper !== frame });
  stretchGrey(page.rgba);
  return toPgm(page.rgba, page.width, page.height);
}

type Box = { x: number; y: number; width: number; height: number };
type Drawable = Awaited<ReturnType<typeof loadImage>>;

/** The part of the image holding the receipt, in source pixels (the whole image unless it is mostly blank). */
function receiptBounds(source: Drawable): Box {
  const whole = { x: 0, y: 0, width: source.width, height: source.height };
  const scale = Math.min(1, THUMB_WIDTH / source.width);
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(source, 0, 0, width, height);
  const grey = toGrey(context.getImageData(0, 0, width, height).data);
  const box = inkBounds(grey, width, height);
  if (!box) return whole;
  const x = Math.floor(box.x / scale);
  const y = Math.floor(box.y / scale);
  return {
    x,
    y,
    width: Math.min(source.width - x, Math.ceil(box.width / scale)),
    height: Math.min(source.height - y, Math.ceil(box.height / scale)),
  };
}

/**
 * Where the ink is on a light page: the rows and columns holding a few dark pixels, padded by a margin.
 * Rows or columns with a single dark pixel are specks of dust and ignored. Undefined when the ink
 * covers more than half the page (nothing worth cutting) or when there is none.
 */
export function inkBounds(grey: Uint8Array, width: number, height: number): Box | undefined {
  const darkLimit = otsuThreshold(grey);
  const rows = new Array<number>(height).fill(0);
  const columns = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((grey[y * width + x] ?? 255) < darkLimit) {
        rows[y] = (rows[y] ?? 0) + 1;
        columns[x] = (columns[x] ?? 0) + 1;
      }
    }
  }
  const [top, bottom] = denseSpan(rows);
  const [left, right] = denseSpan(columns);
  if (top === undefined || bottom === undefined || left === undefined || right === undefined)
    return undefined;
  const margin = Math.round(0.03 * Math.max(width, height));
  const x = Math.max(0, left - margin);
  const y = Math.max(0, top - margin);
  const box = {
    x,
    y,
    width: Math.min(width, right + 1 + margin) - x,
    height: Math.min(height, bottom + 1 + margin) - y,
  };
  // Only a receipt lying on a much larger page is cut out: for less, a faint edge is not worth the risk.
  if (box.width * box.height > 0.5 * width * height) return undefined;
  return box;
}

/** First and last index of a profile with at least 2 dark pixels, ignoring isolated lines of them. */
function denseSpan(profile: number[]): [number | undefined, number | undefined] {
  const dense = (index: number) =>
    (profile[index] ?? 0) >= 2 && ((profile[index - 1] ?? 0) >= 2 || (profile[index + 1] ?? 0) >= 2);
  let first: number | undefined;
  let last: number | undefined;
  for (let index = 0; index < profile.length; index += 1) {
    if (!dense(index)) continue;
    first ??= index;
    last = index;
  }
  return [first, last];
}

/** Side of the blocks in which the paper's brightness is measured: a few text lines high. */
const BACKGROUND_BLOCK = 24;

/**
 * In place: RGBA → grey, divided by the local paper brightness when part of the image is dark (a
 * shadow, or the table around a photographed receipt). Shadows and the border become white, and print
 * keeps its contrast with the paper next to it. Without this the OCR's single threshold for the whole
 * page falls between the dark border and the paper, and grey print vanishes with the border.
 */
export function flattenBackground(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  { photo }: { photo: boolean } = { photo: false },
): void {
  const columns = Math.ceil(width / BACKGROUND_BLOCK);
  const rows = Math.ceil(height / BACKGROUND_BLOCK);
  // The brightest pixel of each block is paper unless the block is all print or all border.
  const blockMax = new Float32Array(columns * rows);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / BACKGROUND_BLOCK) * columns;
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const grey = 0.299 * (rgba[i] ?? 0) + 0.587 * (rgba[i + 1] ?? 0) + 0.114 * (rgba[i + 2] ?? 0);
      rgba[i] = grey;
      rgba[i + 1] = grey;
      rgba[i + 2] = grey;
      const block = row + Math.floor(x / BACKGROUND_BLOCK);
      if (grey > (blockMax[block] ?? 0)) blockMax[block] = grey;
    }
  }
  // A block with no bright pixel at all is the table or border around the receipt, or a shadow.
  const sortedMax = [...blockMax].sort((a, b) => a - b);
  const paperLevel = sortedMax[Math.floor(sortedMax.length * 0.9)] ?? 255;
  const darkBlocks = sortedMax.filter((level) => level < paperLevel * 0.6).length;
  // An evenly lit scan is left alone: dividing by the paper only adds its grain to the print. A photo's
  // paper cut out of its table has no dark block left, but its crumples and the light across it would
  // stretch into grey clouds that the OCR's threshold cuts through.
  if (!photo && darkBlocks <= sortedMax.length * 0.01) return;

  // The paper near each block (the brightest of the blocks around it), never 0: it divides.
  const grid = { columns, rows, block: BACKGROUND_BLOCK };
  const { brightest } = blockNeighbourhood({ ...grid, values: blockMax });
  const paper = { ...grid, values: brightest.map((level) => Math.max(1, level)) };
  // What is dark on a photo cut to its paper is paper in shadow, never a table: kept, and lit again.
  const border = (x: number, y: number) =>
    !photo &&
    (blockMax[Math.floor(y / BACKGROUND_BLOCK) * columns + Math.floor(x / BACKGROUND_BLOCK)] ?? 255) <
      paperLevel / 2;
  // Interpolated between block centres, so no block edges show in the result.
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const level = ((rgba[i] ?? 0) * 255) / blockValueAt(paper, x, y);
      const clamped = border(x, y) ? 255 : Math.min(255, Math.round(level));
      rgba[i] = clamped;
      rgba[i + 1] = clamped;
      rgba[i + 2] = clamped;
    }
  }
}

/**
 * A binary greyscale PNM (PGM): a short header and one byte per pixel. The OCR engine reads it
 * directly, and writing it costs nothing, where PNG compression took a third of a second per receipt.
 */
export function toPgm(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const body = Buffer.alloc(width * height);
  for (let pixel = 0; pixel < body.length; pixel += 1) body[pixel] = rgba[pixel * 4] ?? 255;
  return Buffer.concat([header, body]);
}

/**
 * In place: RGBA → grey (Rec. 601 luma), then a linear stretch of the 2–98 % range to 0–255.
 * Stretching between percentiles makes faded thermal print dark again without letting a few specks
 * decide the range.
 */
export function stretchGrey(rgba: Uint8ClampedArray): void {
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < rgba.length; i += 4) {
    const grey = Math.round(0.299 * (rgba[i] ?? 0) + 0.587 * (rgba[i + 1] ?? 0) + 0.114 * (rgba[i + 2] ?? 0));
    rgba[i] = grey;
    histogram[grey] = (histogram[grey] ?? 0) + 1;
  }
  const total = rgba.length / 4;
  const low = percentile(histogram, total * 0.02);
  const high = percentile(histogram, total * 0.98);
  const range = Math.max(1, high - low);
  for (let i = 0; i < rgba.length; i += 4) {
    const value = Math.round((((rgba[i] ?? 0) - low) * 255) / range);
    const clamped = Math.max(0, Math.min(255, value));
    rgba[i] = clamped;
    rgba[i + 1] = clamped;
    rgba[i + 2] = clamped;
    rgba[i + 3] = 255;
  }
}

function percentile(histogram: number[], rank: number): number {
  let seen = 0;
  for (let level = 0; level < histogram.length; level += 1) {
    seen += histogram[level] ?? 0;
    if (seen >= rank) return level;
  }
  return 255;
}
