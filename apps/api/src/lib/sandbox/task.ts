/**
 * A piece of untrusted work (decoding a user's file, running a user's pattern) that runs in a sandbox
 * process, never in the API's: `run` is a plain function of its input. Input and output cross a process
 * boundary by structured clone, so they are data: plain objects, arrays, strings, numbers, Buffers.
 */
export type SandboxTask<Input, Output> = {
  /** Unique among all tasks: the child looks the task up by it (sandbox-tasks.ts lists them all). */
  name: string;
  run: (input: Input) => Output | Promise<Output>;
};

export function defineTask<Input, Output>(
  name: string,
  run: (input: Input) => Output | Promise<Output>,
): SandboxTask<Input, Output> {
  return { name, run };
}

/** Why a task gave no answer: each is the file's or the pattern's doing, never the server's. */
export type SandboxFailure =
  /** The process died (a decoder's segmentation fault, an abort). */
  | 'crashed'
  /** It ran past its time limit and was killed. */
  | 'timeout'
  /** It used more than its memory limit and was killed. */
  | 'memory'
  /** The owner already has as many tasks waiting as the pool takes; `retryAfterSeconds` says when to retry. */
  | 'busy'
  /** The task threw: its message is in the error. */
  | 'failed';

export class SandboxError extends Error {
  constructor(
    readonly failure: SandboxFailure,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

/** Messages between the API process and a sandbox process. */
export type ToSandbox = { id: number; task: string; input: unknown };
export type FromSandbox = { id: number; output: unknown } | { id: number; error: string };
