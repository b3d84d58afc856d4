import { extractReceipt, type ExtractedReceipt } from './extract';
import { recognitionFromText } from './ocr/recognizer';
import type { DateOptions } from './parse-date';

export type ParsedReceipt = ExtractedReceipt;
export { UNKNOWN_MERCHANT } from './extract';

/** Reads merchant, grand total, date and category out of plain receipt text (each line fully trusted). */
export function parseReceiptText(text: string, options: DateOptions): ParsedReceipt {
  return extractReceipt(recognitionFromText(text), options);
}
