import { RECEIPT_MAX_PIXELS, type ReceiptContentType } from '@paisable/contracts';

import { recognitionFromText, type Recognition, type Recognizer } from './ocr';

/** Rendering scale for scanned PDFs: 2× the 72 dpi page is about 150 dpi, enough for receipt print. */
const PDF_RENDER_SCALE = 2;

/**
 * The text of a receipt file, line by line with positions and confidences. Digital PDFs carry their
 * text, which is exact and instant, so OCR is only for images and for PDFs that are scans (no text on
 * the first page).
 */
export async function readReceipt(
  bytes: Buffer,
  contentType: ReceiptContentType,
  ocr: Recognizer,
): Promise<Recognition> {
  if (contentType === 'application/pdf') {
    const page = await openFirstPdfPage(bytes);
    const text = await pdfPageText(page);
    if (text.replace(/\s/g, '').length >= 10) return recognitionFromText(text);
    return ocr.recognize(await renderPdfPage(page));
  }
  return ocr.recognize(bytes);
}

type PdfPage = Awaited<ReturnType<typeof openFirstPdfPage>>;

async function openFirstPdfPage(bytes: Buffer) {
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
async function pdfPageText(page: PdfPage): Promise<string> {
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

async function renderPdfPage(page: PdfPage): Promise<Buffer> {
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
