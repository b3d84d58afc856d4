/** The file types a receipt may be, as the upload form offers them. */
export const RECEIPT_FILE_ACCEPT = '.jpeg,.jpg,.png,.webp,.heic,.heif,.pdf';
/** WEBP: what many Android phones and shop apps save photos as; HEIC (HEIF): iPhones' default. */
export const RECEIPT_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const;
export type ReceiptContentType = (typeof RECEIPT_CONTENT_TYPES)[number];

/** 10 MB, as the original server allowed. */
export const RECEIPT_MAX_BYTES = 10_000_000;
/** Larger images take too long to read (and could be decompression bombs): 40 megapixels is a big phone photo. */
export const RECEIPT_MAX_PIXELS = 40_000_000;

export const RECEIPT_MESSAGES = {
  noFileSelected: 'Please select a file to upload.',
  uploadFailed: 'Upload failed. Please try again.',
  processing: 'Processing...',
  success: 'Receipt processed successfully and transaction created! Redirecting to dashboard...',
  noFile: 'Please upload a file',
  unreadableUpload:
    'The upload could not be read. Send the receipt as a multipart form with a `receipt` file.',
  tooLarge: 'The file is too large. Receipts can be at most 10 MB.',
  unsupportedType: 'Only JPEG, PNG, WEBP, HEIC or PDF receipts can be read.',
  tooManyPixels: 'The image is too large to read. Please upload one of at most 40 megapixels.',
  unreadableImage: 'The image could not be opened. Please upload a JPEG, PNG, WEBP, HEIC or PDF.',
  noTotal:
    'No total could be read from this receipt, so no transaction was created. Please add the expense by hand.',
  stillProcessing:
    'Reading the receipt is taking longer than expected. Its transaction will appear once it is done.',
  gaveUp: 'This receipt could not be read. Please upload it again, or add the expense by hand.',
  notFound: 'Receipt not found',
  unavailable: 'Receipts cannot be read right now. Please try again later.',
  needsReview: 'Some of this receipt could not be read with confidence. Check the fields and save it.',
  savedForReview:
    'The receipt is kept for review: open it under Receipts, check the fields and save the expense.',
  stillReading: 'This receipt is still being read. Please wait a moment.',
  /** The review's Save, saying what it did. */
  saved: 'Expense saved',
  updated: 'Expense updated',
  /** What Undo after a confident reading does, said before and after it is pressed. */
  undoHint: 'Undo deletes the expense this receipt created.',
  undone: 'Expense deleted. The receipt is kept under Receipts: check it and save it again, or discard it.',
  nothingToUndo: 'This receipt has no expense to undo.',
  discarded: 'Receipt discarded.',
  /** A printed total sent for a receipt whose currency was not read. */
  noPrintedCurrency:
    'No currency was read on this receipt, so its printed total cannot be kept apart. Choose the currency it is printed in.',
  printedTotalMissing: 'Type the total printed on the receipt, in its currency.',
  noImageData:
    'The image holds no picture (the file is damaged or cut short). Please upload the photo or scan again.',
  pdfTooLarge:
    'This PDF expands to far more than a receipt needs when opened, so it was not read. Please upload a photo or a smaller PDF of the receipt.',
  unreadablePdf:
    'The PDF could not be opened (it is damaged or not a PDF). Please upload it again, or a photo of the receipt.',
  readerStopped:
    'This receipt could not be read: the file stopped the reader (it is damaged, or too large or complex to read). The file is kept; please add the expense by hand.',
} as const;

/** Receipts are read one at a time for everyone; one user may have a few waiting, no more. */
export function receiptsBusyMessage(waiting: number, retryAfterSeconds: number): string {
  return `You already have ${waiting} receipts being read. Please try again in ${retryAfterSeconds} s.`;
}

/**
 * processing → done (its expense is recorded), needs_review (something could not be read with
 * confidence: no expense until the user checks and saves it) or failed (the file could not be read).
 */
export const RECEIPT_STATUSES = ['processing', 'needs_review', 'done', 'failed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  processing: 'Processing',
  needs_review: 'Needs review',
  done: 'Saved',
  failed: 'Failed',
};

/** A field read with less confidence than this is marked for the user to check. */
export const RECEIPT_CONFIDENT = 0.6;
/** Why a field read from a receipt should be checked by hand, in words for the user. */
export const RECEIPT_DOUBTS = {
  noTotal: 'No total could be read.',
  totalUnconfirmed:
    'No other figure on the receipt (subtotal and tax, cash and change, card) confirms the total.',
  totalFaint: 'The total was hard to read.',
  noDate: 'No date could be read.',
  dateFaint: 'The date was hard to read.',
  dateUnlabelled: 'The date is not printed next to a date label or the time, so it may be another date.',
  datesDisagree: 'The receipt prints more than one date; check which is the day of purchase.',
  dateOrderUnsure: 'The date could be read day first or month first; check the day and the month.',
  totalsDisagree:
    'The receipt prints more than one total and none is confirmed by its other figures; check which was paid.',
  deductionUnread: 'Points, a coupon or a voucher came off the total; check the amount paid.',
  totalWorkedOut:
    'The total is not printed as such: it was worked out from the receipt’s figures (a rounding, a deduction); check it.',
  totalUnlabelled: 'The amount was not read on the total’s own line; check it.',
  noMerchant: 'No merchant name could be read.',
} as const;

/** How many recent receipts the Receipts page lists. */
export const RECEIPT_LIST_LIMIT = 50;
