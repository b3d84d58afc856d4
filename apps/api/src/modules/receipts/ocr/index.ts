import type { RecognizerName } from './names';
import type { Recognizer } from './recognizer';
import { createWorkerRecognizer } from './worker-recognizer';

/**
 * PaddleOCR by default: on the receipt set it reads the total on 98 % of scans where tesseract reads
 * 84 %, and faded thermal print tesseract cannot read at all (bench/receipts.md), for about 1.7 GB of
 * peak memory. tesseract (0.8 GB) is for small machines. Either runs in a worker thread of its own
 * (worker-recognizer.ts), started on the first receipt, so a process that reads none never loads a model.
 *
 * Peak memory, whole process (the worker thread shares it, so this bounds the worker's): PaddleOCR
 * 1.67–1.74 GB, measured as the maximum RSS over the 80 receipts of receipts-dev read one after the other
 * (bench/receipts.md), 1.3 GB for a 35-megapixel scan alone; tesseract 0.8 GB on the same run. What bounds
 * it: the worker's JavaScript heap is small (about 15 MB, capped at 256 MB); an upload is decoded once at
 * full size (4 bytes a pixel, at most 160 MB at the 40-megapixel upload limit) and at once shrunk to a
 * long side of 2000 px, and every input onnxruntime sees is capped (detection 2000 px, line batches
 * 4 × 48 × 1600 px). Detection's arena is emptied after each run, and neither model plans its memory per
 * input size (paddle.ts): each new size would otherwise take a block of its own. One reading at a time
 * (the job's concurrency 1) keeps it so.
 */
export function createRecognizer(name: RecognizerName): Recognizer {
  return createWorkerRecognizer(name);
}

export { RECOGNIZERS, type RecognizerName } from './names';
export type { Recognition, RecognizedLine, RecognizedWord, Recognizer, TextBox } from './recognizer';
export { recognitionFromText, recognitionText } from './recognizer';
