import type { RecognizerName } from './names';
import type { Recognizer } from './recognizer';
import { createWorkerRecognizer } from './worker-recognizer';

/**
 * PaddleOCR by default: on the receipt set it reads the total on 98 % of scans where tesseract reads
 * 84 %, and faded thermal print tesseract cannot read at all (bench/receipts.md), for about 1.8 GB of
 * peak memory. tesseract (0.3 GB) is for small machines. Either starts on the first receipt, so a
 * process that reads none never loads a model.
 */
export function createRecognizer(name: RecognizerName): Recognizer {
  return createWorkerRecognizer(name);
}

export { RECOGNIZERS, type RecognizerName } from './names';
export type { Recognition, RecognizedLine, RecognizedWord, Recognizer, TextBox } from './recognizer';
export { recognitionFromText, recognitionText } from './recognizer';
