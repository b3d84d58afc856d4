import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

import type { RecognizerName } from './names';
import type { Recognition, Recognizer } from './recognizer';
import type { ReadReply, ToWorker, WorkerSettings } from './worker';

/**
 * Bound on the worker's JavaScript heap: the engines use about 15 MB of it (their pixels and tensors are
 * typed arrays, and onnxruntime and tesseract keep their own memory, none of which this counts; see
 * index.ts for the whole process's peak). A runaway reading ends its worker, not the server.
 */
const WORKER_HEAP_MB = 256;
/** How long stop() lets the reading in flight finish before cutting the worker off. */
const STOP_WAIT_MS = 60_000;

type Reading = {
  id: number;
  thread: Worker;
  resolve: (recognition: Recognition) => void;
  reject: (error: Error) => void;
};

/**
 * A recognizer whose engine runs in a worker thread, so the server's event loop keeps answering requests
 * while a receipt is read (decoding, resizing and post-processing are JavaScript and would block it for
 * seconds). The worker starts on the first receipt and keeps its model loaded; it reads one image at a
 * time. A worker that crashes or exits fails the reading in flight and is replaced on the next one.
 * `onWorkerStart` lets a test reach the thread.
 */
export function createWorkerRecognizer(
  engine: RecognizerName,
  options: { onWorkerStart?: (worker: Worker) => void } = {},
): Recognizer {
  let worker: Worker | undefined;
  let reading: Reading | undefined;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();

  const settle = (reply: ReadReply) => {
    if (reply.id !== reading?.id) return;
    const { resolve, reject, thread } = reading;
    reading = undefined;
    thread.unref();
    if ('error' in reply) reject(new Error(reply.error));
    else resolve(reply.recognition);
  };

  const lose = (thread: Worker, error: Error) => {
    if (worker === thread) worker = undefined;
    if (reading?.thread !== thread) return;
    const { reject } = reading;
    reading = undefined;
    reject(error);
  };

  const start = () => {
    const settings: WorkerSettings = { engine };
    const thread = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      workerData: settings,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    thread.on('message', settle);
    thread.on('error', (error) => lose(thread, new Error(`The OCR engine crashed: ${error.message}`)));
    thread.on('exit', (code) =>
      lose(thread, new Error(`The OCR engine stopped (exit code ${code}) before it finished reading.`)),
    );
    // An idle worker never keeps the process alive; a reading does (see read).
    thread.unref();
    options.onWorkerStart?.(thread);
    return thread;
  };

  const read = (image: Buffer) =>
    new Promise<Recognition>((resolve, reject) => {
      const thread = (worker ??= start());
      const id = nextId++;
      reading = { id, thread, resolve, reject };
      thread.ref();
      // One copy into a buffer of its own, then moved to the worker without a second copy. The caller's
      // Buffer stays usable (it may be a slice of a shared pool, which cannot be moved).
      const bytes = new Uint8Array(image.byteLength);
      bytes.set(image);
      thread.postMessage({ id, image: bytes } satisfies ToWorker, [bytes.buffer]);
    });

  return {
    recognize(image) {
      const result = queue.then(() => read(image));
      queue = result.catch(() => undefined);
      return result;
    },
    /**
     * Lets the reading in flight finish (its receipt is saved, not failed by a restart), then the worker
     * releases its model and exits. Cutting it off with terminate() while onnxruntime is inside a model
     * run aborts the whole process, so that is only the last resort, after STOP_WAIT_MS.
     */
    async stop() {
      const thread = worker;
      if (!thread) return;
      worker = undefined;
      const exited = once(thread, 'exit');
      thread.postMessage({ stop: true } satisfies ToWorker);
      const waited = new AbortController();
      const finished = await Promise.race([
        exited.then(() => true),
        sleep(STOP_WAIT_MS, false, { signal: waited.signal }).catch(() => false),
      ]);
      waited.abort();
      if (!finished) await thread.terminate();
    },
  };
}
