/**
 * Renders the "world" receipt texts (test/fixtures/receipts-world/texts/*.txt, written by hand in the
 * layouts of other countries) to the JPEG images the receipts bench reads through the real OCR. Each
 * receipt gets its own small skew, print size, paper noise and JPEG quality, drawn from a hash of its
 * name, so the images are the same on every run and unlike each other. `--set <name>` renders another
 * set of the same shape instead: test/fixtures/<name>/texts/*.txt to test/fixtures/<name>/.
 *
 *   pnpm --filter @paisable/api exec tsx bench/receipts-world-render.ts [--set receipts-world-2]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

const { values: args } = parseArgs({ options: { set: { type: 'string', default: 'receipts-world' } } });
const folder = path.resolve(import.meta.dirname, '../test/fixtures', args.set);
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';
if (!GlobalFonts.registerFromPath(FONT, 'Receipt Mono')) throw new Error(`font missing: ${FONT}`);

for (const name of fs.readdirSync(path.join(folder, 'texts')).filter((file) => file.endsWith('.txt'))) {
  const text = fs.readFileSync(path.join(folder, 'texts', name), 'utf8').replace(/\s+$/, '');
  const random = seeded(name);
  const size = 20 + Math.floor(random() * 8);
  const lines = text.split('\n');
  const lineHeight = Math.round(size * 1.45);
  const columns = Math.max(...lines.map((line) => [...line].length));
  const width = Math.round(columns * size * 0.62 + 80);
  const height = lines.length * lineHeight + 100;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fbfaf6';
  context.fillRect(0, 0, width, height);
  // The paper is never quite square to the camera or the scanner.
  context.translate(width / 2, height / 2);
  context.rotate(((random() - 0.5) * 2.4 * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  const ink = 20 + Math.floor(random() * 60);
  context.fillStyle = `rgb(${ink},${ink},${ink + 10})`;
  context.font = `${size}px "Receipt Mono"`;
  lines.forEach((line, index) => context.fillText(line, 40, 50 + (index + 1) * lineHeight - size * 0.3));
  // Specks of thermal paper and scanner dust.
  context.setTransform(1, 0, 0, 1, 0, 0);
  for (let speck = 0; speck < (width * height) / 900; speck += 1) {
    const shade = 120 + Math.floor(random() * 100);
    context.fillStyle = `rgba(${shade},${shade},${shade},${0.2 + random() * 0.5})`;
    context.fillRect(random() * width, random() * height, 1 + random() * 1.5, 1 + random() * 1.5);
  }
  const quality = 55 + Math.floor(random() * 25);
  const jpeg = await canvas.encode('jpeg', quality);
  fs.writeFileSync(path.join(folder, name.replace(/\.txt$/, '.jpg')), jpeg);
  console.log(
    `${name}: ${width}×${height}, ${size}px, quality ${quality}, ${(jpeg.length / 1024).toFixed(0)} KB`,
  );
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
