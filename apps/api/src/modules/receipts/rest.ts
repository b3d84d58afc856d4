import multipart from '@fastify/multipart';
import type { ExtractedReceipt, Receipt } from '@paisable/contracts';
import { centsToNumber, RECEIPT_MAX_BYTES, RECEIPT_MESSAGES } from '@paisable/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../rest/legacy';
import { getReceiptFile, uploadReceipt, waitForReceipt } from './service';

/** How long the upload request waits for the OCR job before answering "still processing". */
export const RECEIPT_WAIT_MS = 60_000;

/** POST /api/receipts/upload (multipart, field `receipt`) and the owner-only file download. */
export function registerReceiptRoutes(app: FastifyInstance, deps: AppDeps) {
  // Multipart parsing only in this scope: the rest of the API stays JSON.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: RECEIPT_MAX_BYTES, files: 1, fields: 10, parts: 12 },
    });

    scope.post('/receipts/upload', async (request, reply) => {
      // Who is asking first: an anonymous upload is refused before a byte of it is read.
      const user = await requireUser(deps, request);
      const bytes = await readReceiptPart(request);
      const stored = await uploadReceipt(deps, { userId: user.id, bytes });
      const receipt = await waitForReceipt(deps, {
        userId: user.id,
        id: stored.id,
        timeoutMs: RECEIPT_WAIT_MS,
      });
      const { extracted } = receipt;
      if (receipt.status === 'failed' || !extracted) {
        throw new AppError('UNPROCESSABLE_CONTENT', receipt.failureReason ?? RECEIPT_MESSAGES.noTotal);
      }
      return reply.status(201).send(toLegacyReceipt({ ...receipt, extracted }, user.id));
    });
  });

  app.get<{ Params: { id: string } }>('/receipts/:id/file', async (request, reply) => {
    const user = await requireUser(deps, request);
    const { bytes, contentType } = await getReceiptFile(deps, { userId: user.id, id: request.params.id });
    return reply
      .header('content-type', contentType)
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}

/** The bytes of the `receipt` file field; a missing file or an oversized one is a clear 400 or 413. */
async function readReceiptPart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', RECEIPT_MESSAGES.noFile);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'receipt') return await part.toBuffer();
      if (part.type === 'file') await part.toBuffer();
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw new AppError('PAYLOAD_TOO_LARGE', RECEIPT_MESSAGES.tooLarge);
    // A broken multipart body (no boundary, cut short) is the client's mistake, not a server error.
    if (isMalformedMultipart(error)) throw new AppError('BAD_REQUEST', RECEIPT_MESSAGES.unreadableUpload);
    throw error;
  }
  throw new AppError('BAD_REQUEST', RECEIPT_MESSAGES.noFile);
}

function isMalformedMultipart(error: unknown) {
  if (!(error instanceof Error)) return false;
  const status = 'statusCode' in error ? error.statusCode : undefined;
  return (
    (typeof status === 'number' && status >= 400 && status < 500) || /multipart|boundary/i.test(error.message)
  );
}

function isFileTooLarge(error: unknown) {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT')
  );
}

/** The original server's receipt document, with the extracted fields the legacy page shows. */
function toLegacyReceipt(receipt: Receipt & { extracted: ExtractedReceipt }, userId: string) {
  const { extracted } = receipt;
  return {
    _id: receipt.id,
    user: userId,
    fileUrl: receipt.fileUrl,
    transactionId: receipt.transactionId,
    extractedData: {
      merchant: extracted.merchant,
      amount: centsToNumber(extracted.amountCents),
      category: extracted.category,
      date: `${extracted.date}T00:00:00.000Z`,
    },
    createdAt: receipt.createdAt,
  };
}
