/** The pg-boss queue that reads uploaded receipts. */
export const RECEIPT_OCR_QUEUE = 'receipts-ocr';
/** Where pg-boss moves a receipt job whose every attempt died (see receiptOcrGaveUpJob). */
export const RECEIPT_OCR_GAVE_UP_QUEUE = 'receipts-ocr-gave-up';
