import { parentPort, workerData } from 'node:worker_threads';

import { createEngine } from './engines';
import type { RecognizerName } from './names';
import type { Recognition } from './recognizer';

/** Sent to the worker: one image to read, its bytes transferred (not copied), or the order to stop. */
export type ToWorker = { id: number; image: Uint8Array } | { stop: true };
/** Sent back: what was read, or why the image could not be read (the worker carries on). */
export type ReadReply = { id: number; recognition: Recognition } | { id: number; error: string };
export type WorkerSettings = { engine: RecognizerName };

/**
 * The OCR worker thread: the engine loads its model on the first image and keeps it for the next ones.
 * The parent sends one image at a time.
 */
const port = parentPort;
if (!port) throw new Error('worker.ts runs only as a worker thread (see worker-recognizer.ts).');
const { engine: name } = workerData as WorkerSettings;
const engine = createEngine(name);
let current: Promise<unknown> = Promise.resolve();

port.on('message', (message: ToWorker) => {
  if ('stop' in message) {
    // After the reading in flight: the thread must not end inside a model run (see stop()).
    void current.then(async () => {
      await engine.stop().catch(() => undefined);
      process.exit(0);
    });
    return;
  }
  const { id, image } = message;
  current = engine.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength)).then(
    (recognition) => port.postMessage({ id, recognition } satisfies ReadReply),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies ReadReply),
  );
});
