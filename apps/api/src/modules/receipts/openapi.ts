import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES, RECEIPT_MAX_PIXELS } from '@paisable/contracts';
import { z } from 'zod';

import type { RestOperation } from '../../rest/openapi/operation';

const TAG = 'Receipts';
const megabytes = RECEIPT_MAX_BYTES / 1_000_000;
const megapixels = RECEIPT_MAX_PIXELS / 1_000_000;

/** The original receipt document (see `toLegacyReceipt`), with what was read from the receipt. */
const legacyReceiptShape = z.object({
  _id: z.string(),
  user: z.string().describe('Your user id.'),
  fileUrl: z.string().describe('Where you download the file (with your token): /api/receipts/{id}/file.'),
  transactionId: z.string().nullable().describe('The expense created from the receipt.'),
  extractedData: z.object({
    merchant: z.string(),
    amount: z.number().describe('The total as a decimal, at most 2 decimals.'),
    category: z.string(),
    date: z.string().describe('The receipt’s day as UTC midnight: YYYY-MM-DDT00:00:00.000Z.'),
  }),
  createdAt: z.string(),
});

export const receiptOperations: RestOperation[] = [
  {
    method: 'post',
    path: '/receipts/upload',
    tag: TAG,
    summary: 'Upload a receipt; its total, merchant, day and category are read and an expense is created',
    description:
      `A multipart form with one file part named "receipt": JPEG, PNG or PDF, at most ${megabytes} MB ` +
      `(images at most ${megapixels} megapixels). The type is taken from the bytes, not the file name. ` +
      'The receipt is read offline on the server; the answer comes when it is done.',
    auth: true,
    multipart: {
      files: {
        receipt: {
          description: `The receipt: JPEG, PNG or PDF, at most ${megabytes} MB.`,
          contentTypes: RECEIPT_CONTENT_TYPES,
        },
      },
    },
    responses: {
      201: { description: 'Read, and the expense created.', schema: legacyReceiptShape },
    },
    errors: {
      400: 'No "receipt" file part, an empty file, or a body that is not a readable multipart form.',
      413: `The file is larger than ${megabytes} MB, or the image has more than ${megapixels} megapixels.`,
      415: 'The file is not a JPEG, PNG or PDF.',
      422: 'The image could not be opened, or no total could be read; no transaction was created.',
      503:
        'Receipts cannot be read right now (the database or the reader is unavailable, or reading ' +
        'took longer than a minute: the expense then appears once it is done).',
    },
  },
  {
    method: 'get',
    path: '/receipts/:id/file',
    tag: TAG,
    summary: 'Download one of your receipts as it was uploaded',
    auth: true,
    responses: {
      200: { description: 'The file, in the type it was uploaded as.', mediaType: RECEIPT_CONTENT_TYPES },
    },
  },
];
