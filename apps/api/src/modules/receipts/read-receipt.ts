import type { ReceiptContentType } from '@paisable/contracts';

import type { AppDeps } from '../../deps';
import { recognitionFromText, type Recognition } from './ocr';
import { readPdfTask } from './tasks';

/**
 * The text of a receipt file, line by line with positions and confidences. A PDF is opened in a
 * sandbox process: its text layer when it has one (exact and instant), else its first page rendered for
 * OCR. Images go to the OCR engine, which runs in a process of its own.
 */
export async function readReceipt(
  { ocr, sandbox }: Pick<AppDeps, 'ocr' | 'sandbox'>,
  bytes: Buffer,
  contentType: ReceiptContentType,
): Promise<Recognition> {
  if (contentType !== 'application/pdf') return ocr.recognize(bytes);
  const reading = await sandbox.run(readPdfTask, bytes, PDF_READING_OWNER);
  if ('text' in reading) return recognitionFromText(reading.text);
  return ocr.recognize(Buffer.from(reading.page.buffer, reading.page.byteOffset, reading.page.byteLength));
}

/**
 * The receipts job reads one file at a time per process, so its PDFs take turns in the sandbox as one
 * owner among the users whose imports are read there.
 */
const PDF_READING_OWNER = 'receipts-job';
