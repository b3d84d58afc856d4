import { z } from 'zod';

import {
  centsToNumber,
  RECEIPT_CONTENT_TYPES,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PIXELS,
  RECEIPT_MESSAGES,
  type Receipt,
  type ReceiptReading,
} from '@paisable/contracts';

import { AppError } from '../../lib/errors';
import { defineRoute } from '../../rest/route';
import { getReceiptFile, RECEIPTS_WAITING_MAX, uploadReceipt, waitForReceipt } from './service';

/** How long the upload request waits for the OCR job before answering "still processing". */
export const RECEIPT_WAIT_MS = 60_000;

const TAG = 'Receipts';
const megabytes = RECEIPT_MAX_BYTES / 1_000_000;
const megapixels = RECEIPT_MAX_PIXELS / 1_000_000;

/** The upload's text fields (the original client sends none). */
const uploadFields = z.object({
  accountId: z
    .string()
    .max(100)
    .optional()
    .describe(
      'The id of your account (GET /api/accounts) the receipt was paid from: its expense is recorded there ' +
        '(and its review opens on it). When absent or empty: your first open account. Not yours: 404; closed: 409.',
    ),
});

/** The original receipt document, with the fields read from it. */
const legacyReceipt = z.object({
  _id: z.string(),
  user: z.string().describe('Your user id.'),
  fileUrl: z.string().describe('Where you download the file (with your token): /api/receipts/{id}/file.'),
  transactionId: z.string().nullable().describe('The expense created from the receipt.'),
  extractedData: z.object({
    merchant: z.string(),
    amount: z.number().describe('The total as a decimal, at most 2 decimals.'),
    category: z.string(),
    date: z.string().describe('The receipt’s day as UTC midnight: YYYY-MM-DDT00:00:00.000Z.'),
    // Beyond the original answer (its client ignores it): how sure the reading of each field is.
    confidence: z
      .object({ merchant: z.number(), total: z.number(), date: z.number() })
      .nullable()
      .describe('How sure the reading of each field is, 0 to 1 (OCR confidence and agreeing checks).'),
    currency: z
      .string()
      .nullable()
      .describe(
        'The currency printed on the receipt (ISO 4217, e.g. "EUR", "MYR"), from its symbols, codes and country cues; null when none was read.',
      ),
    items: z
      .array(
        z.object({
          description: z.string(),
          amount: z
            .number()
            .describe(
              'What the line cost, after its own discount, as a decimal; below zero for an amount taken off on a line of its own (a deposit returned).',
            ),
        }),
      )
      .describe(
        'The item lines printed on the receipt, top to bottom (subtotal, tax, total, payment and change lines are not items); empty when none could be read.',
      ),
  }),
  createdAt: z.string(),
});

/** A receipt kept for review: what could be read, and why it needs the user's eyes. */
const legacyReceiptDraft = legacyReceipt.extend({
  status: z.literal('needs_review'),
  message: z.string().describe('What the user should do next.'),
  transactionId: z.null().describe('No expense yet: it is created when the user saves the review.'),
  extractedData: legacyReceipt.shape.extractedData.extend({
    amount: z.number().nullable().describe('The total, or null when it could not be read.'),
    date: z.string().nullable().describe('The day as UTC midnight, or null when it could not be read.'),
  }),
  doubts: z.array(z.string()).describe('Why fields should be checked, in words for the user.'),
});

function toLegacyReceipt(
  { id, fileUrl, createdAt, transactionId }: Receipt,
  reading: ReceiptReading,
  userId: string,
) {
  return {
    _id: id,
    user: userId,
    fileUrl,
    transactionId,
    extractedData: {
      merchant: reading.merchant,
      amount: reading.amountCents === null ? null : centsToNumber(reading.amountCents),
      category: reading.category,
      date: reading.date === null ? null : `${reading.date}T00:00:00.000Z`,
      confidence: reading.confidence,
      currency: reading.currency,
      items: reading.items.map(({ description, amountCents }) => ({
        description,
        amount: centsToNumber(amountCents),
      })),
    },
    createdAt,
  };
}

export const receiptRoutes = [
  defineRoute({
    method: 'post',
    path: '/receipts/upload',
    tag: TAG,
    summary: 'Upload a receipt; its total, merchant, day and category are read and an expense is created',
    description:
      `A multipart form with one file part named "receipt": JPEG, PNG, WEBP, HEIC or PDF, at most ${megabytes} MB ` +
      `(images at most ${megapixels} megapixels). The type is taken from the bytes, not the file name. ` +
      'The receipt is read offline on the server; the answer comes when it is done.',
    auth: 'required',
    upload: {
      files: {
        receipt: {
          description: `The receipt: JPEG, PNG, WEBP, HEIC or PDF, at most ${megabytes} MB.`,
          contentTypes: RECEIPT_CONTENT_TYPES,
        },
      },
      fields: uploadFields,
      maxBytes: RECEIPT_MAX_BYTES,
      messages: {
        missingFile: RECEIPT_MESSAGES.noFile,
        tooLarge: RECEIPT_MESSAGES.tooLarge,
        malformed: RECEIPT_MESSAGES.unreadableUpload,
      },
    },
    responses: {
      201: { description: 'Read, and the expense created.', schema: legacyReceipt },
      202: {
        description:
          'Kept for review: the total or the date could not be read with confidence. No expense yet; the ' +
          'user checks the fields in the app (Receipts) and saves it.',
        schema: legacyReceiptDraft,
      },
    },
    errors: {
      400: 'No "receipt" file part, an empty file, or a body that is not a readable multipart form.',
      404: 'The accountId is not one of your accounts.',
      409: 'The accountId names a closed account.',
      413: `The file is larger than ${megabytes} MB, or the image has more than ${megapixels} megapixels.`,
      415: 'The file is not a JPEG, PNG, WEBP, HEIC or PDF.',
      422: 'The image could not be opened or read at all; no transaction was created.',
      429: `You already have ${RECEIPTS_WAITING_MAX} receipts waiting to be read; retry after the Retry-After seconds.`,
      503:
        'Receipts cannot be read right now (the database or the reader is unavailable, or reading ' +
        'took longer than a minute: the expense then appears once it is done).',
    },
    handle: async ({ deps, user, files, body, reply }) => {
      const stored = await uploadReceipt(deps, {
        userId: user.id,
        bytes: files.receipt ?? Buffer.alloc(0),
        // An empty field (a form whose picker had nothing to offer) names no account.
        accountId: uploadFields.parse(body ?? {}).accountId || undefined,
      });
      const receipt = await waitForReceipt(deps, {
        userId: user.id,
        id: stored.id,
        timeoutMs: RECEIPT_WAIT_MS,
      });
      const { reading } = receipt;
      if (receipt.status === 'failed' || !reading) {
        throw new AppError(
          'UNPROCESSABLE_CONTENT',
          receipt.failureReason ?? RECEIPT_MESSAGES.unreadableImage,
        );
      }
      if (receipt.status === 'done') return toLegacyReceipt(receipt, reading, user.id);
      void reply.status(202);
      return {
        ...toLegacyReceipt(receipt, reading, user.id),
        status: 'needs_review' as const,
        message: RECEIPT_MESSAGES.savedForReview,
        doubts: reading.doubts,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/receipts/:id/file',
    tag: TAG,
    summary: 'Download one of your receipts as it was uploaded',
    auth: 'required',
    responses: {
      200: { description: 'The file, in the type it was uploaded as.', mediaType: RECEIPT_CONTENT_TYPES },
    },
    handle: async ({ deps, user, params, reply }) => {
      const { bytes, contentType } = await getReceiptFile(deps, { userId: user.id, id: params.id });
      return reply
        .header('content-type', contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  }),
];
