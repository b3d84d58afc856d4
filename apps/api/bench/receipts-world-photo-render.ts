/**
 * Renders the "world" receipt texts (test/fixtures/receipts-world/texts/*.txt) a second time, as a phone
 * camera would have taken them: test/fixtures/receipts-world-photo. These are SIMULATED photos, made from
 * the same texts and labels, not real ones (this machine cannot fetch any, and the public receipt sets
 * are kept for acceptance). What a phone adds and a clean render lacks, each drawn per receipt from a
 * hash of its name (the images are the same on every run):
 *
 * - the paper seen at an angle: rotation up to ±8° and a keystone (one edge nearer the lens), through
 *   a perspective transform, with the paper's crumples as a soft shading of its own;
 * - a background around it (a table, a cloth, crumpled paper) of low-frequency blotches and creases;
 * - uneven light: a gradient across the frame, and on some a cast shadow over part of the receipt;
 * - slight defocus, then the reduction to a phone's downscaled upload (720–1000 px wide), sensor noise;
 * - JPEG mostly (quality 55–85), a few WEBP and PNG.
 *
 * `--set <name>` photographs another set of the same shape instead: test/fixtures/<name>/texts/*.txt
 * and <name>/labels.jsonl to test/fixtures/<name>-photo/.
 *
 *   pnpm --filter @paisable/api exec tsx bench/receipts-world-photo-render.ts [--set receipts-world-2]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCanvas, GlobalFonts, ImageData } from '@napi-rs/canvas';

const { values: args } = parseArgs({ options: { set: { type: 'string', default: 'receipts-world' } } });
const fixtures = path.resolve(import.meta.dirname, '../test/fixtures');
const texts = path.join(fixtures, args.set, 'texts');
const worldLabels = path.join(fixtures, args.set, 'labels.jsonl');
const out = path.join(fixtures, `${args.set}-photo`);
fs.mkdirSync(out, { recursive: true });
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';
if (!GlobalFonts.registerFromPath(FONT, 'Receipt Mono')) throw new Error(`font missing: ${FONT}`);

type Rgb = { width: number; height: number; r: Float32Array; g: Float32Array; b: Float32Array };
type Point = [number, number];

const labels = fs
  .readFileSync(worldLabels, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as { file: string } & Record<string, unknown>);
const photoLabels: string[] = [];
for (const label of labels) {
  const stem = label.file.replace(/\.[a-z]+$/, '');
  const text = fs.readFileSync(path.join(texts, `${stem}.txt`), 'utf8').replace(/\s+$/, '');
  // Its own seed, not the clean render's: the photo is not the scan moved around.
  const random = seeded(`${stem}:photo`);
  const { bytes, format, note } = await photograph(text, random);
  const file = `${stem}.${format === 'jpeg' ? 'jpg' : format}`;
  fs.writeFileSync(path.join(out, file), bytes);
  // `photo_of`: the world receipt it shows, whose fold (by the hash of that name) it keeps.
  photoLabels.push(JSON.stringify({ ...label, file, photo_of: label.file }));
  console.log(`${file}: ${note}, ${(bytes.length / 1024).toFixed(0)} KB`);
}
fs.writeFileSync(path.join(out, 'labels.jsonl'), `${photoLabels.join('\n')}\n`);

async function photograph(text: string, random: () => number) {
  const paper = printPaper(text, random);
  // The frame: the paper turned and seen at an angle, in paper pixels, then a margin of background.
  const angle = ((random() - 0.5) * 16 * Math.PI) / 180;
  const keystone = 0.03 + random() * 0.1;
  const nearEdge = Math.floor(random() * 4);
  const corners = quadOf(paper.width, paper.height, angle, keystone, nearEdge, random);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const margin = paper.width * (0.06 + random() * 0.1);
  const [left, top] = [Math.min(...xs) - margin, Math.min(...ys) - margin];
  const frameWidth = Math.max(...xs) + margin - left;
  const frameHeight = Math.max(...ys) + margin - top;
  const width = 720 + Math.floor(random() * 281);
  const scale = width / frameWidth;
  const height = Math.round(frameHeight * scale);
  const target = corners.map(([x, y]): Point => [(x - left) * scale, (y - top) * scale]);
  // Defocus, and the low-pass a camera's downscale does (else the reduction aliases the print).
  const defocus = 0.4 + random() * 1.1;
  blur(paper, Math.max(1, Math.round(defocus + 0.5 / scale)));
  const toPaper = homography(target, [
    [0, 0],
    [paper.width, 0],
    [paper.width, paper.height],
    [0, paper.height],
  ]);
  const background = backgroundOf(width, height, random);
  const crumple = valueNoise(random, 6 + Math.floor(random() * 6), 10 + Math.floor(random() * 10));
  const light = lightingOf(width, height, random);
  const noise = 3 + random() * 6;
  const kind = random();
  const format = kind < 0.14 ? 'png' : kind < 0.3 ? 'webp' : 'jpeg';
  const quality = 55 + Math.floor(random() * 31);
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [u, v] = apply(toPaper, x + 0.5, y + 0.5);
      let rgb: [number, number, number];
      if (u >= 0 && v >= 0 && u < paper.width - 1 && v < paper.height - 1) {
        const shade = 0.9 + 0.14 * crumple(u / paper.width, v / paper.height);
        rgb = sample(paper, u, v).map((c) => c * shade) as [number, number, number];
      } else {
        rgb = background(x, y);
      }
      const lit = light(x, y);
      const index = (y * width + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[index + channel] = (rgb[channel] ?? 0) * lit + gaussian(random) * noise;
      }
      pixels[index + 3] = 255;
    }
  }
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(pixels, width, height), 0, 0);
  const bytes =
    format === 'png'
      ? await canvas.encode('png')
      : format === 'webp'
        ? await canvas.encode('webp', quality)
        : await canvas.encode('jpeg', quality);
  const degrees = ((angle * 180) / Math.PI).toFixed(1);
  const note =
    `${width}×${height}, ${degrees}°, keystone ${(keystone * 100).toFixed(0)} %, ` +
    `defocus ${defocus.toFixed(1)} px, ${format}${format === 'png' ? '' : ` ${quality}`}`;
  return { bytes, format, note };
}

/** The receipt as printed, flat: thermal paper, the text in a monospace font, faded or dark ink. */
function printPaper(text: string, random: () => number): Rgb {
  const size = 22 + Math.floor(random() * 8);
  const lines = text.split('\n');
  const lineHeight = Math.round(size * 1.45);
  const columns = Math.max(...lines.map((line) => [...line].length));
  const width = Math.round(columns * size * 0.62 + 70);
  const height = lines.length * lineHeight + 120;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const tint = 238 + Math.floor(random() * 12);
  context.fillStyle = `rgb(${tint},${tint},${tint - 6})`;
  context.fillRect(0, 0, width, height);
  const ink = 25 + Math.floor(random() * 75);
  context.fillStyle = `rgb(${ink},${ink},${ink + 12})`;
  context.font = `${size}px "Receipt Mono"`;
  lines.forEach((line, index) => context.fillText(line, 35, 60 + (index + 1) * lineHeight - size * 0.3));
  const data = context.getImageData(0, 0, width, height).data;
  const rgb: Rgb = {
    width,
    height,
    r: new Float32Array(width * height),
    g: new Float32Array(width * height),
    b: new Float32Array(width * height),
  };
  for (let index = 0; index < width * height; index += 1) {
    rgb.r[index] = data[index * 4] ?? 0;
    rgb.g[index] = data[index * 4 + 1] ?? 0;
    rgb.b[index] = data[index * 4 + 2] ?? 0;
  }
  return rgb;
}

/** The paper's corners once turned by `angle` and with the edge `nearEdge` (0 top … 3 left) nearer the lens. */
function quadOf(
  width: number,
  height: number,
  angle: number,
  keystone: number,
  nearEdge: number,
  random: () => number,
): Point[] {
  const corners: Point[] = [
    [-width / 2, -height / 2],
    [width / 2, -height / 2],
    [width / 2, height / 2],
    [-width / 2, height / 2],
  ];
  // The far edge looks shorter: its two corners move toward each other.
  const far = (nearEdge + 2) % 4;
  const [a, b] = [far, (far + 1) % 4];
  const [ax, ay] = corners[a] as Point;
  const [bx, by] = corners[b] as Point;
  corners[a] = [ax + (bx - ax) * keystone * 0.5, ay + (by - ay) * keystone * 0.5];
  corners[b] = [bx + (ax - bx) * keystone * 0.5, by + (ay - by) * keystone * 0.5];
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  // A hand is never square either: each corner a little off.
  const jitter = () => (random() - 0.5) * width * 0.03;
  return corners.map(([x, y]): Point => [x * cos - y * sin + jitter(), x * sin + y * cos + jitter()]);
}

/** What lies around the receipt: a surface of one colour, blotched and creased like crumpled paper or cloth. */
function backgroundOf(width: number, height: number, random: () => number) {
  const palette: Array<[number, number, number]> = [
    [120, 84, 52],
    [88, 88, 92],
    [196, 190, 178],
    [52, 60, 74],
    [150, 146, 140],
  ];
  const base = palette[Math.floor(random() * palette.length)] ?? [120, 120, 120];
  const blotches = valueNoise(random, 5, 7);
  const grain = valueNoise(random, 60, 80);
  const creases = Array.from({ length: 3 + Math.floor(random() * 5) }, () => ({
    angle: random() * Math.PI,
    offset: random(),
    strength: (random() - 0.5) * 0.35,
  }));
  return (x: number, y: number): [number, number, number] => {
    const [u, v] = [x / width, y / height];
    let shade = 0.75 + 0.4 * blotches(u, v) + 0.12 * grain(u, v);
    for (const crease of creases) {
      const distance = u * Math.cos(crease.angle) + v * Math.sin(crease.angle) - crease.offset;
      shade += crease.strength * Math.exp(-((distance * 90) ** 2));
    }
    return [base[0] * shade, base[1] * shade, base[2] * shade];
  };
}

/** Light falling across the frame from one side, and on some photos the phone's or a hand's shadow. */
function lightingOf(width: number, height: number, random: () => number) {
  const direction = random() * 2 * Math.PI;
  const spread = 0.15 + random() * 0.3;
  const shadow = random() < 0.5;
  const shadowAngle = random() * 2 * Math.PI;
  const shadowOffset = 0.55 + random() * 0.35;
  const shadowDepth = 0.2 + random() * 0.2;
  return (x: number, y: number) => {
    const [u, v] = [x / width - 0.5, y / height - 0.5];
    const along = u * Math.cos(direction) + v * Math.sin(direction);
    let light = 1 - spread * (along + 0.5);
    if (shadow) {
      const edge = u * Math.cos(shadowAngle) + v * Math.sin(shadowAngle) + 0.5 - shadowOffset;
      light *= 1 - shadowDepth / (1 + Math.exp(-edge * 40));
    }
    return light;
  };
}

/** Smooth random values over the unit square on a grid of `cellsX` × `cellsY`, in 0–1. */
function valueNoise(random: () => number, cellsX: number, cellsY: number) {
  const grid = Array.from({ length: (cellsX + 1) * (cellsY + 1) }, () => random());
  const at = (i: number, j: number) => grid[j * (cellsX + 1) + i] ?? 0;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return (u: number, v: number) => {
    const [x, y] = [Math.min(Math.max(u, 0), 0.9999) * cellsX, Math.min(Math.max(v, 0), 0.9999) * cellsY];
    const [i, j] = [Math.floor(x), Math.floor(y)];
    const [s, t] = [smooth(x - i), smooth(y - j)];
    const top = at(i, j) * (1 - s) + at(i + 1, j) * s;
    const bottom = at(i, j + 1) * (1 - s) + at(i + 1, j + 1) * s;
    return top * (1 - t) + bottom * t;
  };
}

/** Three passes of a box blur of `radius` per axis: close to a Gaussian. */
function blur(image: Rgb, radius: number) {
  for (const channel of [image.r, image.g, image.b]) {
    for (let pass = 0; pass < 3; pass += 1) {
      boxBlur(channel, image.width, image.height, radius, 1, image.width);
      boxBlur(channel, image.height, image.width, radius, image.width, 1);
    }
  }
}

/** A running-sum box blur along one axis: `length` samples `step` apart, `lines` lines `stride` apart. */
function boxBlur(
  data: Float32Array,
  length: number,
  lines: number,
  radius: number,
  step: number,
  stride: number,
) {
  const row = new Float32Array(length);
  for (let line = 0; line < lines; line += 1) {
    const start = line * stride;
    for (let index = 0; index < length; index += 1) row[index] = data[start + index * step] ?? 0;
    let sum = 0;
    for (let index = -radius; index <= radius; index += 1) sum += row[clamp(index, length)] ?? 0;
    for (let index = 0; index < length; index += 1) {
      data[start + index * step] = sum / (2 * radius + 1);
      sum += (row[clamp(index + radius + 1, length)] ?? 0) - (row[clamp(index - radius, length)] ?? 0);
    }
  }
}

function clamp(index: number, length: number) {
  return Math.min(Math.max(index, 0), length - 1);
}

function sample(image: Rgb, x: number, y: number): [number, number, number] {
  const [i, j] = [Math.floor(x), Math.floor(y)];
  const [s, t] = [x - i, y - j];
  const at = (channel: Float32Array) => {
    const index = j * image.width + i;
    const top = (channel[index] ?? 0) * (1 - s) + (channel[index + 1] ?? 0) * s;
    const bottom =
      (channel[index + image.width] ?? 0) * (1 - s) + (channel[index + image.width + 1] ?? 0) * s;
    return top * (1 - t) + bottom * t;
  };
  return [at(image.r), at(image.g), at(image.b)];
}

/** The 3×3 projective map (h33 = 1) taking each of `from`'s four points to the same one of `to`. */
function homography(from: Point[], to: Point[]): number[] {
  const rows: number[][] = [];
  from.forEach(([x, y], index) => {
    const [u, v] = to[index] as Point;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  });
  // Gaussian elimination with partial pivoting on the 8 × 9 augmented matrix.
  for (let column = 0; column < 8; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < 8; row += 1) {
      if (Math.abs(rows[row]?.[column] ?? 0) > Math.abs(rows[pivot]?.[column] ?? 0)) pivot = row;
    }
    [rows[column], rows[pivot]] = [rows[pivot] as number[], rows[column] as number[]];
    const lead = rows[column] as number[];
    for (let row = 0; row < 8; row += 1) {
      const current = rows[row] as number[];
      if (row === column) continue;
      const factor = (current[column] ?? 0) / (lead[column] ?? 1);
      for (let k = column; k < 9; k += 1) current[k] = (current[k] ?? 0) - factor * (lead[k] ?? 0);
    }
  }
  return [...rows.map((row, index) => (row[8] ?? 0) / (row[index] ?? 1)), 1];
}

function apply(h: number[], x: number, y: number): Point {
  const w = (h[6] ?? 0) * x + (h[7] ?? 0) * y + (h[8] ?? 1);
  return [
    ((h[0] ?? 0) * x + (h[1] ?? 0) * y + (h[2] ?? 0)) / w,
    ((h[3] ?? 0) * x + (h[4] ?? 0) * y + (h[5] ?? 0)) / w,
  ];
}

/** A standard normal draw (Box–Muller). */
function gaussian(random: () => number) {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A small deterministic generator seeded by the file name (mulberry32). */
function seeded(name: string) {
  let state = crypto.createHash('sha256').update(name).digest().readUInt32BE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
