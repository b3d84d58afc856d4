import zlib from 'node:zlib';

import { RECEIPT_MAX_PIXELS } from '@paisable/contracts';

/**
 * PDF receipts, read in a sandbox process (receipts/tasks.ts): pdf.js parsing and rendering are
 * JavaScript that a hostile file can keep busy for minutes or blow up to gigabytes, so none of this
 * runs in the API's process.
 */

/** Rendering scale for scanned PDFs: 2× the 72 dpi page is about 150 dpi, enough for receipt print. */
const PDF_RENDER_SCALE = 2;

/**
 * What a PDF may expand to once its compressed streams are opened. Images: a 300 dpi colour scan of
 * an A4 page is 26 MB of pixels, so 64 MB holds any real receipt scan. Everything else (page content,
 * fonts, object streams): a digital receipt's drawing and text take tens of kB, a long invoice a few
 * hundred; 8 MB of drawing operators is already beyond any receipt, and took pdf.js seconds to render.
 */
export const PDF_MAX_INFLATED_IMAGE_BYTES = 64 * 1024 * 1024;
export const PDF_MAX_INFLATED_OTHER_BYTES = 8 * 1024 * 1024;

export type PdfReading = { text: string } | { page: Uint8Array };
export type PdfProblem = 'expands-too-much' | 'unreadable';

/**
 * The receipt's text from the first page's text layer (exact and instant) when it has one; otherwise
 * that page rendered to a PNG for OCR (a scan).
 */
export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  const page = await openFirstPage(bytes);
  const text = await pageText(page);
  if (text.replace(/\s/g, '').length >= 10) return { text };
  return { page: await renderPage(page) };
}

/**
 * Checked before a PDF is queued: it opens, has a page, and its streams expand within the bounds
 * above (each stream inflated with a cap, so a bomb stops at the cap instead of filling the memory).
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ problem: PdfProblem | null }> {
  if (!inflatesWithinBounds(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) {
    return { problem: 'expands-too-much' };
  }
  try {
    await openFirstPage(bytes);
    return { problem: null };
  } catch {
    return { problem: 'unreadable' };
  }
}

/** Every `stream … endstream` of the file, inflated as far as the bounds allow (nested layers too). */
export function inflatesWithinBounds(file: Buffer): boolean {
  let images = 0;
  let other = 0;
  for (const { dictionary, data } of streamsOf(file)) {
    const isImage = /\/Subtype\s*\/Image\b/.test(dictionary);
    const room = isImage ? PDF_MAX_INFLATED_IMAGE_BYTES - images : PDF_MAX_INFLATED_OTHER_BYTES - other;
    const size = inflatedSize(data, room);
    if (size > room) return false;
    if (isImage) images += size;
    else other += size;
  }
  return true;
}

/** The streams' raw bytes with the dictionary before each, found by their keywords. */
function* streamsOf(file: Buffer): Generator<{ dictionary: string; data: Buffer }> {
  let from = 0;
  for (;;) {
    const keyword = file.indexOf('stream', from, 'latin1');
    if (keyword < 0) return;
    from = keyword + 6;
    // "endstream" contains "stream": only a keyword that starts a line or follows ">>" opens one.
    if (
      file
        .subarray(Math.max(0, keyword - 3), keyword)
        .toString('latin1')
        .endsWith('end')
    )
      continue;
    let start = keyword + 6;
    if (file[start] === 0x0d) start += 1;
    if (file[start] === 0x0a) start += 1;
    const end = file.indexOf('endstream', start, 'latin1');
    const objectStart = file.lastIndexOf(' obj', keyword, 'latin1');
    const dictionary = file.subarray(Math.max(0, objectStart, keyword - 4096), keyword).toString('latin1');
    yield { dictionary, data: file.subarray(start, end < 0 ? file.length : end) };
    if (end < 0) return;
    from = end + 9;
  }
}

/**
 * Bytes the stream inflates to, counting nested zlib layers (a stream compressed twice is opened twice
 * by readers); at most `room + 1` is ever produced. A stream that is not zlib counts as its own size.
 */
function inflatedSize(data: Buffer, room: number): number {
  let layer = data;
  for (let depth = 0; depth < 4; depth += 1) {
    if (!looksLikeZlib(layer)) return layer.length;
    try {
      layer = zlib.inflateSync(layer, {
        maxOutputLength: Math.max(1, room + 1),
        // A truncated stream still counts for what it gives.
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return room + 1;
      return layer.length;
    }
  }
  return layer.length;
}

function looksLikeZlib(data: Buffer): boolean {
  const [first = 0, second = 0] = data;
  return (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
}

type PdfPage = Awaited<ReturnType<typeof openFirstPage>>;

async function openFirstPage(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    // No fonts or maps fetched from anywhere: only what is in the file.
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  return document.getPage(1);
}

/** The page's text items joined back into lines by their vertical position. */
async function pageText(page: PdfPage): Promise<string> {
  const content = await page.getTextContent();
  const lines: string[] = [];
  let current = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    current += item.str;
    if (item.hasEOL) {
      lines.push(current);
      current = '';
    } else if (item.str) current += ' ';
  }
  if (current) lines.push(current);
  return lines.join('\n');
}

async function renderPage(page: PdfPage): Promise<Uint8Array> {
  const { createCanvas } = await import('@napi-rs/canvas');
  // A PDF page can declare any size: the scale is capped so the rendered page stays under the pixel limit.
  const natural = page.getViewport({ scale: 1 });
  const fit = Math.sqrt(RECEIPT_MAX_PIXELS / (natural.width * natural.height));
  const viewport = page.getViewport({ scale: Math.min(PDF_RENDER_SCALE, fit) });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  // pdf.js is typed for the DOM canvas; @napi-rs/canvas implements the same drawing API.
  const parameters: unknown = { canvasContext: context, canvas, viewport };
  await page.render(parameters as Parameters<PdfPage['render']>[0]).promise;
  return canvas.toBuffer('image/png');
}
