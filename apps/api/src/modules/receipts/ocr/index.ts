import type { RecognizerName } from './names';
import type { Recognizer } from './recognizer';
import { createWorkerRecognizer } from './worker-recognizer';

/**
 * PaddleOCR by default: on the receipt set it reads the total on 98 % of scans where tesseract reads
 * 84 %, and faded thermal print tesseract cannot read at all (bench/receipts.md), for about 2 GB of
 * peak memory. tesseract (0.7 GB) is for small machines. Either runs in a worker thread of its own
 * (worker-recognizer.ts), started on the first receipt, so a process that reads none never loads a model.
 *
 * Peak memory, whole process (the worker thread shares it): PaddleOCR 2.1 GB, measured as the maximum
 * RSS while reading a 35-megapixel scan and then the 12 largest scans of receipts-dev one after the
 * other; tesseract 0.65 GB on the same kind of run. What bounds it: the worker's JavaScript heap is
 * small (about 15 MB, capped at 256 MB); an upload is decoded once at full size (4 bytes a pixel, at
 * most 160 MB at the 40-megapixel upload limit) and at once shrunk to a long side of 2000 px, and
 * every input onnxruntime sees is capped (detection 2000 px, line batches 8 × 48 × 1600 px), so the
 * memory onnxruntime keeps for reuse stops growing: 1.8–2.0 GB from the fourth receipt on, never more
 * after. One reading at a time (the job's concurrency 1) keeps it so.
 */
export function createRecognizer(name: RecognizerName): Recognizer {
  return createWorkerRecognizer(name);
}

export { RECOGNIZERS, type RecognizerName } from './names';
export type { Recognition, RecognizedLine, RecognizedWord, Recognizer, TextBox } from './recognizer';
export { recognitionFromText, recognitionText } from './recognizer';
