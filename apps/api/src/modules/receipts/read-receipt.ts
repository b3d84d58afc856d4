import type { ReceiptContentType } from '@paisable/contracts';

import type { AppDeps } from '../../deps';
import { recognitionFromText, type Recognition } from './ocr';
import { decodeHeicTask, readPdfTask } from './tasks';

/**
 * The text of a receipt file, line by line with positions and confidences. A PDF is opened in a
 * sandbox process: its text layer when it has one (exact and instant), else its first page rendered for
 * OCR. A HEIC photo is decoded to PNG in a sandbox process too. Images go to the OCR engine, which runs
 * in a process of its own.
 */
export async function readReceipt(
  { ocr, sandbox }: Pick<AppDeps, 'ocr' | 'sandbox'>,
  bytes: Buffer,
  contentType: ReceiptContentType,
): Promise<Recognition> {
  if (contentType === 'image/heic') {
    const png = await sandbox.run(decodeHeicTask, bytes, RECEIPT_READING_OWNER);
    return ocr.recognize(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  }
  if (contentType !== 'application/pdf') return ocr.recognize(bytes);
  const reading = await sandbox.run(readPdfTask, bytes, RECEIPT_READING_OWNER);
  if ('text' in reading) return recognitionFromText(reading.text);
  return ocr.recognize(Buffer.from(reading.page.buffer, reading.page.byteOffset, reading.page.byteLength));
}

/**
 * The receipts job reads one file at a time per process, so its PDFs and HEIC photos take turns in the sandbox as one
 * owner among the users whose imports are read there.
 */
const RECEIPT_READING_OWNER = 'receipts-job';
