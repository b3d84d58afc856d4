import type { RecognizerName } from './names';
import { createPaddleRecognizer } from './paddle';
import type { Recognizer } from './recognizer';
import { createTesseractRecognizer } from './tesseract';

/** The engine itself, reading on the thread that calls it (the OCR worker thread; see worker-recognizer.ts). */
export function createEngine(name: RecognizerName): Recognizer {
  return name === 'tesseract' ? createTesseractRecognizer() : createPaddleRecognizer();
}
