import { defineTask } from '../../lib/sandbox/task';
import type { RecognizerName } from './ocr/names';
import type { Recognizer } from './ocr/recognizer';

/**
 * The receipt work that runs in sandbox processes (lib/sandbox): a decoder's crash, a PDF that renders
 * for minutes or an image that takes gigabytes ends that process, never the server. The code is
 * imported inside each task, so the API process, which only names the tasks, never loads a decoder.
 */
export const inspectPdfTask = defineTask('receipts.inspectPdf', async (bytes: Uint8Array) =>
  (await import('./pdf')).inspectPdf(bytes),
);

export const readPdfTask = defineTask('receipts.readPdf', async (bytes: Uint8Array) =>
  (await import('./pdf')).readPdf(bytes),
);

/**
 * A HEIC photo decoded to PNG for the OCR engines, which read PNG, JPEG and WEBP only. libheif (through
 * heic-decode, a WebAssembly build) turns the picture upright as the file says (its "irot" box).
 */
export const decodeHeicTask = defineTask('receipts.decodeHeic', async (bytes: Uint8Array) =>
  (await import('./heic')).heicToPng(bytes),
);

/** Engines loaded in this process: the model loads on the first image and stays for the next ones. */
const engines = new Map<RecognizerName, Recognizer>();

export const recognizeTask = defineTask(
  'receipts.recognize',
  async ({ engine, image }: { engine: RecognizerName; image: Uint8Array }) => {
    let recognizer = engines.get(engine);
    if (!recognizer) {
      const { createEngine } = await import('./ocr/engines');
      recognizer = engines.get(engine) ?? createEngine(engine);
      engines.set(engine, recognizer);
    }
    return recognizer.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  },
);
