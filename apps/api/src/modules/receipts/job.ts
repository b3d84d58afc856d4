import { z } from 'zod';

import type { JobDefinition } from '../../lib/job-queue';
import { markReceiptGaveUp, processReceipt, RECEIPT_OCR_GAVE_UP_QUEUE, RECEIPT_OCR_QUEUE } from './service';
import { sweepStuckReceipts } from './sweep';

const receiptJobPayload = z.object({ receiptId: z.string().uuid() });

/**
 * Reads an uploaded receipt and creates its expense. One receipt at a time per process: the OCR models
 * already use every core, and one reading at a time bounds the process's memory (PaddleOCR peaks near
 * 2 GB; ocr/index.ts). A failure is recorded on the receipt, and the retry
 * finds it settled: the same file would fail the same way. The one retry is for an attempt whose
 * process died, noticed by its heartbeat within seconds; processReceipt records the expense at most
 * once however many attempts run. Only one: a file that brings the process down must not do so forever.
 */
export const receiptOcrJob: JobDefinition<{ receiptId: string }> = {
  name: RECEIPT_OCR_QUEUE,
  payload: receiptJobPayload,
  concurrency: 1,
  retryLimit: 1,
  expireInSeconds: 120,
  deadLetter: RECEIPT_OCR_GAVE_UP_QUEUE,
  handle: processReceipt,
};

/**
 * A receipt job whose attempts all ended without an answer (the process died or hung each time) lands
 * here; without this its receipt would say "processing" for ever. The receipt is marked failed with a
 * reason the user can act on.
 */
export const receiptOcrGaveUpJob: JobDefinition<{ receiptId: string }> = {
  name: RECEIPT_OCR_GAVE_UP_QUEUE,
  payload: receiptJobPayload,
  handle: markReceiptGaveUp,
};

/**
 * Every minute (and when the workers start): receipts whose job was lost get one more job, then fail with
 * a reason, so none waits "processing" for ever (see sweep.ts).
 */
export const receiptSweepJob: JobDefinition<Record<string, never>> = {
  name: 'receipts-sweep-stuck',
  payload: z.object({}),
  cron: '* * * * *',
  runAtStart: true,
  handle: async (deps) => {
    await sweepStuckReceipts(deps);
  },
};
