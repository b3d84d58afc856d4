/*
 * Photos of a receipt made in the tests, with the paper's corners known: for the paper finder
 * (paper-corners.test.ts) and the OCR's preparation (preprocess.test.ts).
 */
import { createCanvas } from '@napi-rs/canvas';

import type { Pixels } from '../src/modules/receipts/deskew';
import type { Point } from '../src/modules/receipts/perspective';

/** Same numbers on every run (a linear congruential generator), so a failure can be looked at again. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Top-left, top-right, bottom-right, bottom-left of the paper: turned about 4°, its top edge farther away. */
export const CORNERS: Point[] = [
  { x: 130, y: 95 },
  { x: 470, y: 118 },
  { x: 505, y: 725 },
  { x: 80, y: 700 },
];
/** Where the rows of print lie down the paper, as a share of its height. */
export const PRINT_ROWS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/** The point a share `u` across and `v` down the paper (between its corners: near enough for a mild keystone). */
function onPaper(corners: Point[], u: number, v: number): Point {
  const [a, b, c, d] = corners as [Point, Point, Point, Point];
  const top = { x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u };
  const bottom = { x: d.x + (c.x - d.x) * u, y: d.y + (c.y - d.y) * u };
  return { x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v };
}

/**
 * A photo of a receipt: the paper (light, its corners `corners`) with rows of word-like print, lying on
 * a surface strewn with blotches of greys between `surface`'s two levels (dark by default); or, without
 * corners, a scan that is all paper.
 */
export function photoOfPaper(
  width: number,
  height: number,
  corners?: Point[],
  surface: [number, number] = [20, 110],
): Pixels {
  const random = seeded(7);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const paper = corners ?? [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const [darkest, lightest] = surface;
  const base = Math.round((darkest + lightest) / 2);
  context.fillStyle = `rgb(${base},${base - 8},${base - 15})`;
  context.fillRect(0, 0, width, height);
  for (let blotch = 0; blotch < 300; blotch += 1) {
    const level = darkest + Math.floor(random() * (lightest - darkest));
    context.fillStyle = `rgb(${level},${level - 8},${level - 15})`;
    context.fillRect(random() * width, random() * height, 4 + random() * 40, 4 + random() * 40);
  }
  context.fillStyle = 'rgb(238,238,232)';
  context.beginPath();
  paper.forEach(({ x, y }, index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
  context.closePath();
  context.fill();
  // Words: dark runs of random lengths along each row, 2 % of the paper's height thick.
  context.fillStyle = 'rgb(40,40,50)';
  for (const row of PRINT_ROWS) {
    let u = 0.1;
    while (u < 0.88) {
      const end = Math.min(0.9, u + 0.05 + random() * 0.12);
      const quad = [
        onPaper(paper, u, row - 0.01),
        onPaper(paper, end, row - 0.01),
        onPaper(paper, end, row + 0.01),
        onPaper(paper, u, row + 0.01),
      ];
      context.beginPath();
      quad.forEach(({ x, y }, index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
      context.closePath();
      context.fill();
      u = end + 0.015;
    }
  }
  return { rgba: context.getImageData(0, 0, width, height).data, width, height };
}
