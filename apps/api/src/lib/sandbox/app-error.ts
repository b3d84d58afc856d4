import { AppError } from '../errors';
import { SandboxError } from './task';

export type SandboxMessages = {
  /** The owner has as many tasks waiting as the pool takes (429, with Retry-After). */
  busy: (retryAfterSeconds: number) => string;
  /** The input crashed its process, or ran past its time or memory limit (422). */
  tooHard: string;
};

/**
 * A sandbox failure as the user sees it: "come back in n seconds", or "this file (pattern) is too much
 * to read". A task that threw is a bug of ours and stays an error (a 500).
 */
export function sandboxFailureToAppError(error: unknown, messages: SandboxMessages): unknown {
  if (!(error instanceof SandboxError) || error.failure === 'failed') return error;
  if (error.failure === 'busy') {
    const seconds = error.retryAfterSeconds ?? 1;
    return new AppError('TOO_MANY_REQUESTS', messages.busy(seconds), { retryAfterSeconds: seconds });
  }
  return new AppError('UNPROCESSABLE_CONTENT', messages.tooHard);
}
