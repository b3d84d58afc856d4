import { z } from 'zod';

/** The file types a receipt may be, as the upload form offers them. */
export const RECEIPT_FILE_ACCEPT = '.jpeg,.jpg,.png,.pdf';
export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
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
  unsupportedType: 'Only JPEG, PNG or PDF receipts can be read.',
  tooManyPixels: 'The image is too large to read. Please upload one of at most 40 megapixels.',
  unreadableImage: 'The image could not be opened. Please upload a JPEG, PNG or PDF.',
  noTotal:
    'No total could be read from this receipt, so no transaction was created. Please add the expense by hand.',
  stillProcessing:
    'Reading the receipt is taking longer than expected. Its transaction will appear once it is done.',
  gaveUp: 'This receipt could not be read. Please upload it again, or add the expense by hand.',
  notFound: 'Receipt not found',
  unavailable: 'Receipts cannot be read right now. Please try again later.',
} as const;

export const RECEIPT_STATUSES = ['processing', 'done', 'failed'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export const receiptIdInput = z.object({ id: z.string().max(100) });
export const receiptForTransactionInput = z.object({ transactionId: z.string().max(100) });

/** What was read from a receipt. Amount in cents; date a calendar day. */
export type ExtractedReceipt = {
  merchant: string;
  amountCents: number;
  category: string;
  date: string;
};

/** A receipt as the tRPC side sees it: poll `status` until it is `done` or `failed`. */
export type Receipt = {
  id: string;
  status: ReceiptStatus;
  /** Where the owner downloads the file (with their bearer token). */
  fileUrl: string;
  contentType: ReceiptContentType;
  extracted: ExtractedReceipt | null;
  transactionId: string | null;
  /** Why it failed, in words for the user. */
  failureReason: string | null;
  createdAt: string;
};
