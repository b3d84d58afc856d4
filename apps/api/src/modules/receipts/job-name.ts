/** The pg-boss queue that reads uploaded receipts. */
export const RECEIPT_OCR_QUEUE = 'receipts-ocr';
