import { z } from 'zod';

import type { JobDefinition } from '../../jobs';
import { RECEIPT_OCR_QUEUE } from './job-name';
import { processReceipt } from './service';

/**
 * Reads an uploaded receipt and creates its expense. One job per core at a time: OCR is CPU-bound,
 * and the tesseract pool has one worker per core. A failure is recorded on the receipt, and the retry
 * finds it settled: the same file would fail the same way. The one retry is for an attempt whose
 * process died, noticed by its heartbeat within seconds; processReceipt records the expense at most
 * once however many attempts run. Only one: a file that brings the process down must not do so forever.
 */
export const receiptOcrJob: JobDefinition<{ receiptId: string }> = {
  name: RECEIPT_OCR_QUEUE,
  payload: z.object({ receiptId: z.string().uuid() }),
  concurrency: 'cores',
  retryLimit: 1,
  expireInSeconds: 120,
  handle: (deps, { receiptId }) => processReceipt(deps, receiptId),
};
