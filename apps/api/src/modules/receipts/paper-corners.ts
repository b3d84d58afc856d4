import type { Pixels } from './deskew';
import { otsuThreshold } from './paper-blocks';
import { warpQuad, type Point } from './perspective';

/** The paper is looked for on a copy about this many pixels on its long side: fast, and edges still sharp. */
const SEARCH_SIDE = 400;
/**
 * Print is closed over (brightest then darkest pixel within this many copy pixels) before the paper is
 * told from its background: a character is a few pixels wide in the copy, so a line of print stays paper.
 */
const CLOSING_RADIUS = 3;
/** The paper covers at least this share of the photo, and at most this (more is a scan: all paper). */
const MIN_PAPER_SHARE = 0.1;
const MAX_PAPER_SHARE = 0.92;
/**
 * At most this share of the photo's edge may be paper: a receipt running off the frame has no corners to
 * find, and a scan's page touches every edge. Either is read as it is.
 */
const MAX_EDGE_SHARE = 0.02;
/**
 * The bright region must fill the quadrilateral found and stay inside it to this share, or it is not a
 * flat sheet (a bright table merged with it, a shadow cutting a corner off): no guess then.
 */
const MIN_FILL = 0.9;
const MAX_OUTSIDE = 0.04;
/** Corners are kept between these angles: a receipt seen from a phone stays roughly rectangular. */
const MIN_CORNER_DEGREES = 60;
const MAX_CORNER_DEGREES = 120;

/**
 * The four corners of a receipt photographed on a darker surface (top-left, top-right, bottom-right,
 * bottom-left, in image pixels), or undefined when no sheet lies clearly and wholly in the frame (a scan,
 * a receipt on a surface as light as it, one running off the frame). The paper is the largest bright
 * region; its sides are straight lines fitted to its outline, and the corners where they meet.
 */
export function paperCorners(image: Pixels): Point[] | undefined {
  const copy = shrunkGrey(image);
  const closed = closing(copy.grey, copy.width, copy.height, CLOSING_RADIUS);
  const bright = largestBrightRegion(closed, copy.width, copy.height);
  if (!bright) return undefined;
  // A shadow across the receipt darkens part of it below the split, but gradually: grown across gentle
  // changes, the region takes the shaded paper back, and stops at the paper's sharp edge.
  const regions = [grownAcrossShade(closed, copy.width, copy.height, bright.mask), bright];
  for (const region of regions) {
    const quad = sheetOf(copy, closed, region);
    if (quad) return quad.map(({ x, y }) => ({ x: x * copy.factor, y: y * copy.factor }));
  }
  return undefined;
}

/** The quadrilateral of a bright region when it is clearly a sheet lying wholly in the frame, in copy pixels. */
function sheetOf(copy: Grey, closed: Uint8Array, { mask, size }: Region): Point[] | undefined {
  const share = size / (copy.width * copy.height);
  if (share < MIN_PAPER_SHARE || share > MAX_PAPER_SHARE) return undefined;
  if (edgeShare(mask, copy.width, copy.height) > MAX_EDGE_SHARE) return undefined;
  const quad = fittedQuad(outlineOf(mask, copy.width, copy.height));
  if (!quad || !plausibleCorners(quad)) return undefined;
  if (!fillsQuad(mask, size, copy.width, copy.height, quad)) return undefined;
  if (!holdsThePrint(copy, closed, quad)) return undefined;
  return quad;
}

type Region = { mask: Uint8Array; size: number };

/** Largest change per pixel of the closed copy that still counts as the same paper lit differently. */
const SHADE_STEP = 6;

/**
 * The region grown over every neighbour where the brightness changes by at most SHADE_STEP a pixel: a
 * shadow's edge or uneven light changes slowly, the paper's edge against a table at once. The test is
 * on the change around the pixel entered, not only the step into it: along a slanting edge the pixels
 * that are part paper, part table brighten gradually, and would lead the region out onto the table.
 * The paper's own edge pixels are then added back (one pixel around what was grown).
 */
function grownAcrossShade(closed: Uint8Array, width: number, height: number, seed: Uint8Array): Region {
  const mask = Uint8Array.from(seed);
  const grown: number[] = [];
  const stack: number[] = [];
  for (let index = 0; index < mask.length; index += 1) if (mask[index]) stack.push(index);
  const gentle = (index: number) => {
    const x = index % width;
    const y = (index - x) / width;
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) return false;
    const across = Math.abs((closed[index + 1] ?? 0) - (closed[index - 1] ?? 0));
    const down = Math.abs((closed[index + width] ?? 0) - (closed[index - width] ?? 0));
    return Math.max(across, down) <= 2 * SHADE_STEP;
  };
  while (stack.length > 0) {
    const index = stack.pop() as number;
    const x = index % width;
    // Left, right, up, down, written out: this runs once per pixel.
    for (let side = 0; side < 4; side += 1) {
      if ((side === 0 && x === 0) || (side === 1 && x === width - 1)) continue;
      const next = index + (side === 0 ? -1 : side === 1 ? 1 : side === 2 ? -width : width);
      if (next < 0 || next >= mask.length || mask[next] || !gentle(next)) continue;
      mask[next] = 1;
      grown.push(next);
      stack.push(next);
    }
  }
  for (const index of grown) {
    const x = index % width;
    if (x > 0) mask[index - 1] = 1;
    if (x < width - 1) mask[index + 1] = 1;
    if (index >= width) mask[index - width] = 1;
    if (index + width < mask.length) mask[index + width] = 1;
  }
  let size = 0;
  for (const inside of mask) size += inside;
  return { mask, size };
}

/**
 * The receipt photographed at an angle, cut out of its background and warped to an upright rectangle
 * of its own proportions, at least `minWidth` wide; the image itself when its corners are not found
 * with confidence (a scan stays pixel for pixel what it was).
 */
export function flattenPaper(image: Pixels, minWidth = 0): Pixels {
  const corners = paperCorners(image);
  if (!corners) return image;
  const [topLeft, topRight, bottomRight, bottomLeft] = corners as [Point, Point, Point, Point];
  // The nearer edge of each pair keeps its resolution: the farther one is stretched to it.
  const width = Math.max(distance(topLeft, topRight), distance(bottomLeft, bottomRight));
  const height = Math.max(distance(topLeft, bottomLeft), distance(topRight, bottomRight));
  const scale = Math.max(1, minWidth / width);
  // A pixel or two inside the corners: the table's edge smeared into the paper's would read as a rule.
  const inset = insetQuad(corners, 2);
  return warpQuad(image, inset, Math.round(width * scale), Math.round(height * scale));
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Each corner moved `pixels` toward the centre along both of its sides' normals (about). */
function insetQuad(corners: Point[], pixels: number): Point[] {
  const centre = {
    x: corners.reduce((sum, { x }) => sum + x, 0) / corners.length,
    y: corners.reduce((sum, { y }) => sum + y, 0) / corners.length,
  };
  return corners.map((corner) => {
    const length = distance(corner, centre);
    const step = (pixels * Math.SQRT2) / Math.max(length, 1);
    return { x: corner.x + (centre.x - corner.x) * step, y: corner.y + (centre.y - corner.y) * step };
  });
}

type Grey = { grey: Uint8Array; width: number; height: number; factor: number };

/** A grey copy shrunk by a whole factor (each copy pixel the mean of a factor × factor block). */
function shrunkGrey({ rgba, width, height }: Pixels): Grey {
  const factor = Math.max(1, Math.ceil(Math.max(width, height) / SEARCH_SIDE));
  const copyWidth = Math.floor(width / factor);
  const copyHeight = Math.floor(height / factor);
  const sums = new Float64Array(copyWidth * copyHeight);
  for (let y = 0; y < copyHeight * factor; y += 1) {
    const row = Math.floor(y / factor) * copyWidth;
    for (let x = 0; x < copyWidth * factor; x += 1) {
      const i = (y * width + x) * 4;
      const level = 0.299 * (rgba[i] ?? 0) + 0.587 * (rgba[i + 1] ?? 0) + 0.114 * (rgba[i + 2] ?? 0);
      const cell = row + Math.floor(x / factor);
      sums[cell] = (sums[cell] ?? 0) + level;
    }
  }
  const grey = new Uint8Array(copyWidth * copyHeight);
  for (let index = 0; index < grey.length; index += 1) grey[index] = (sums[index] ?? 0) / (factor * factor);
  return { grey, width: copyWidth, height: copyHeight, factor };
}

/** Brightest within `radius`, then darkest within it (a morphological closing): dark print vanishes into its paper. */
function closing(grey: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const brightest = extremeWithin(grey, width, height, radius, 1);
  return extremeWithin(brightest, width, height, radius, -1);
}

/**
 * Per pixel, the brightest (`sign` 1) or darkest (−1) value within `radius` across then down (a square
 * window). Loops written out: this runs a few million times per photo.
 */
function extremeWithin(values: Uint8Array, width: number, height: number, radius: number, sign: 1 | -1) {
  const across = new Uint8Array(values.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      const last = Math.min(width - 1, x + radius);
      let best = values[row + x] ?? 0;
      for (let nx = Math.max(0, x - radius); nx <= last; nx += 1) {
        const value = values[row + nx] ?? 0;
        if (sign > 0 ? value > best : value < best) best = value;
      }
      across[row + x] = best;
    }
  }
  const down = new Uint8Array(values.length);
  for (let y = 0; y < height; y += 1) {
    const first = Math.max(0, y - radius);
    const last = Math.min(height - 1, y + radius);
    for (let x = 0; x < width; x += 1) {
      let best = across[y * width + x] ?? 0;
      for (let ny = first; ny <= last; ny += 1) {
        const value = across[ny * width + x] ?? 0;
        if (sign > 0 ? value > best : value < best) best = value;
      }
      down[y * width + x] = best;
    }
  }
  return down;
}

/** The largest 4-connected region brighter than the Otsu split of the page, as a 0/1 mask. */
function largestBrightRegion(grey: Uint8Array, width: number, height: number): Region | undefined {
  const limit = otsuThreshold(grey);
  const label = new Int32Array(width * height).fill(-1);
  let best = { id: -1, size: 0 };
  const stack: number[] = [];
  for (let start = 0; start < grey.length; start += 1) {
    if (label[start] !== -1 || (grey[start] ?? 0) < limit) continue;
    label[start] = start;
    stack.push(start);
    let size = 0;
    while (stack.length > 0) {
      const index = stack.pop() as number;
      size += 1;
      const x = index % width;
      // Left, right, up, down; no closure: this runs once per pixel.
      for (let side = 0; side < 4; side += 1) {
        if ((side === 0 && x === 0) || (side === 1 && x === width - 1)) continue;
        const next = index + (side === 0 ? -1 : side === 1 ? 1 : side === 2 ? -width : width);
        if (next < 0 || next >= grey.length || label[next] !== -1 || (grey[next] ?? 0) < limit) continue;
        label[next] = start;
        stack.push(next);
      }
    }
    if (size > best.size) best = { id: start, size };
  }
  if (best.id < 0) return undefined;
  const mask = new Uint8Array(width * height);
  for (let index = 0; index < mask.length; index += 1) mask[index] = label[index] === best.id ? 1 : 0;
  return { mask, size: best.size };
}

/** Share of the copy's border pixels that are in the mask. */
function edgeShare(mask: Uint8Array, width: number, height: number): number {
  let inside = 0;
  for (let x = 0; x < width; x += 1) inside += (mask[x] ?? 0) + (mask[(height - 1) * width + x] ?? 0);
  for (let y = 1; y < height - 1; y += 1)
    inside += (mask[y * width] ?? 0) + (mask[y * width + width - 1] ?? 0);
  return inside / (2 * width + 2 * (height - 2));
}

/**
 * Points on the region's outer outline: the first and last mask pixel of every row and column, at the
 * pixel's outer edge (holes inside the paper, a dark logo, do not count).
 */
function outlineOf(mask: Uint8Array, width: number, height: number): Point[] {
  const points: Point[] = [];
  for (let y = 0; y < height; y += 1) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x += 1) {
      if (!mask[y * width + x]) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) points.push({ x: first, y: y + 0.5 }, { x: last + 1, y: y + 0.5 });
  }
  for (let x = 0; x < width; x += 1) {
    let first = -1;
    let last = -1;
    for (let y = 0; y < height; y += 1) {
      if (!mask[y * width + x]) continue;
      if (first < 0) first = y;
      last = y;
    }
    if (first >= 0) points.push({ x: x + 0.5, y: first }, { x: x + 0.5, y: last + 1 });
  }
  return points;
}

/**
 * Four corners fitted to an outline: first the outline's extremes along the diagonals, then each side a
 * straight line through the outline points near it (away from the corners, which the closing rounds),
 * and the corners where neighbouring sides meet.
 */
function fittedQuad(outline: Point[]): Point[] | undefined {
  if (outline.length < 16) return undefined;
  const extreme = (score: (point: Point) => number) =>
    outline.reduce((best, point) => (score(point) > score(best) ? point : best));
  const rough = [
    extreme(({ x, y }) => -x - y),
    extreme(({ x, y }) => x - y),
    extreme(({ x, y }) => x + y),
    extreme(({ x, y }) => y - x),
  ];
  const lines: Line[] = [];
  for (let side = 0; side < 4; side += 1) {
    const from = rough[side] as Point;
    const to = rough[(side + 1) % 4] as Point;
    const length = distance(from, to);
    if (length < 4) return undefined;
    const near = outline.filter((point) => {
      const t = ((point.x - from.x) * (to.x - from.x) + (point.y - from.y) * (to.y - from.y)) / length ** 2;
      const off =
        Math.abs((point.x - from.x) * (to.y - from.y) - (point.y - from.y) * (to.x - from.x)) / length;
      return t > 0.1 && t < 0.9 && off < Math.max(2, 0.04 * length);
    });
    const line = fittedLine(near);
    if (!line) return undefined;
    lines.push(line);
  }
  const corners: Point[] = [];
  for (let side = 0; side < 4; side += 1) {
    const corner = intersection(lines[(side + 3) % 4] as Line, lines[side] as Line);
    if (!corner) return undefined;
    corners.push(corner);
  }
  return corners;
}

/** A line through `point` along the unit vector `direction`. */
type Line = { point: Point; direction: Point };

/** The line closest to the points (total least squares: through their centre, along their main axis). */
function fittedLine(points: Point[]): Line | undefined {
  if (points.length < 4) return undefined;
  const cx = points.reduce((sum, { x }) => sum + x, 0) / points.length;
  const cy = points.reduce((sum, { y }) => sum + y, 0) / points.length;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const { x, y } of points) {
    sxx += (x - cx) ** 2;
    syy += (y - cy) ** 2;
    sxy += (x - cx) * (y - cy);
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { point: { x: cx, y: cy }, direction: { x: Math.cos(angle), y: Math.sin(angle) } };
}

function intersection(a: Line, b: Line): Point | undefined {
  const cross = a.direction.x * b.direction.y - a.direction.y * b.direction.x;
  if (Math.abs(cross) < 1e-6) return undefined;
  const dx = b.point.x - a.point.x;
  const dy = b.point.y - a.point.y;
  const t = (dx * b.direction.y - dy * b.direction.x) / cross;
  return { x: a.point.x + t * a.direction.x, y: a.point.y + t * a.direction.y };
}

/** A convex quadrilateral whose corners are all roughly right angles. */
function plausibleCorners(quad: Point[]): boolean {
  return quad.every((corner, index) => {
    const previous = quad[(index + 3) % 4] as Point;
    const next = quad[(index + 1) % 4] as Point;
    const ax = previous.x - corner.x;
    const ay = previous.y - corner.y;
    const bx = next.x - corner.x;
    const by = next.y - corner.y;
    // Clockwise on screen (y down): top-left, top-right, bottom-right, bottom-left.
    if (bx * ay - by * ax <= 0) return false;
    const degrees =
      (Math.acos((ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by))) * 180) / Math.PI;
    return degrees >= MIN_CORNER_DEGREES && degrees <= MAX_CORNER_DEGREES;
  });
}

/** The bright region fills the quadrilateral and hardly spills out of it. */
function fillsQuad(mask: Uint8Array, size: number, width: number, height: number, quad: Point[]): boolean {
  const sides = sidesOf(quad);
  let quadArea = 0;
  let both = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (signedDistance(sides, x + 0.5, y + 0.5) < 0) continue;
      quadArea += 1;
      both += mask[y * width + x] ?? 0;
    }
  }
  return quadArea > 0 && both / quadArea >= MIN_FILL && (size - both) / size <= MAX_OUTSIDE;
}

/** A pixel is print when the closing lifted it by this much: paper's grain and a table's blotches are not. */
const PRINT_LIFT = 40;
/** Print found outside the quadrilateral, against print inside it, above which the paper is not all in it. */
const MAX_PRINT_OUTSIDE = 0.005;
/** Paper in a cast shadow keeps at least this share of the lit paper's brightness. */
const SHADED_PAPER = 0.5;
/** Pixels along the quadrilateral's sides that count for neither (the paper's own edge). */
const EDGE_BAND = 3;

/**
 * The quadrilateral holds the print: a shadow across the receipt splits off a lit part as straight-edged
 * as the whole sheet, and cutting to it would drop the lines in the shade. Print outside counts only
 * where what lies around it is nearly as light as the paper (paper in a shadow), not on a dark table,
 * whose speckles and creases are lifted by the closing too.
 */
function holdsThePrint(copy: Grey, closed: Uint8Array, quad: Point[]): boolean {
  const { grey, width, height } = copy;
  const sides = sidesOf(quad);
  const paperLevels = new Array<number>(256).fill(0);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const level = closed[y * width + x] ?? 0;
      if (signedDistance(sides, x + 0.5, y + 0.5) > EDGE_BAND)
        paperLevels[level] = (paperLevels[level] ?? 0) + 1;
    }
  }
  const lightAround = SHADED_PAPER * medianOf(paperLevels);
  let inside = 0;
  let outside = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = y * width + x;
      const around = closed[index] ?? 0;
      if (around - (grey[index] ?? 0) < PRINT_LIFT) continue;
      const margin = signedDistance(sides, x + 0.5, y + 0.5);
      if (margin > EDGE_BAND) inside += 1;
      else if (margin < -EDGE_BAND && around >= lightAround) outside += 1;
    }
  }
  return inside > 0 && outside <= MAX_PRINT_OUTSIDE * inside;
}

/** The middle level of a histogram. */
function medianOf(histogram: number[]): number {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  let seen = 0;
  for (let level = 0; level < histogram.length; level += 1) {
    seen += histogram[level] ?? 0;
    if (seen >= total / 2) return level;
  }
  return 255;
}

/** Each side's line as a·x + b·y + c, in pixels from it, positive inside the quadrilateral. */
function sidesOf(quad: Point[]): Array<[number, number, number]> {
  return quad.map((corner, index) => {
    const next = quad[(index + 1) % 4] as Point;
    const length = Math.hypot(next.x - corner.x, next.y - corner.y);
    const a = -(next.y - corner.y) / length;
    const b = (next.x - corner.x) / length;
    return [a, b, -(a * corner.x + b * corner.y)];
  });
}

/** Distance from the point to the nearest side's line, positive inside the quadrilateral, negative outside. */
function signedDistance(sides: Array<[number, number, number]>, x: number, y: number): number {
  let nearest = Infinity;
  for (const [a, b, c] of sides) nearest = Math.min(nearest, a * x + b * y + c);
  return nearest;
}
