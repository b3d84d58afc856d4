import type { SandboxPool } from '../../../lib/sandbox/pool';
import { recognizeTask } from '../tasks';
import type { RecognizerName } from './names';
import type { Recognizer } from './recognizer';

/**
 * How long stop() lets the reading in flight finish before ending its process: a receipt being read as
 * the server stops is saved, not failed by the restart.
 */
const STOP_WAIT_MS = 60_000;
/**
 * Readings come one at a time from the receipts job, whose queue already takes users in turns
 * (receipts/service.ts): the pool's own turns need no owner here.
 */
const OWNER = 'receipts';

/**
 * The OCR engine in a process of its own (the pool's), so decoding, resizing and the engines'
 * post-processing never stall the API, and an image that crashes the decoder or exhausts the memory
 * ends that process and fails one reading. The process keeps its model loaded between readings.
 */
export function createProcessRecognizer(pool: SandboxPool, engine: RecognizerName): Recognizer {
  return {
    recognize: (image) => pool.run(recognizeTask, { engine, image }, OWNER),
    stop: () => pool.stop(STOP_WAIT_MS),
  };
}
