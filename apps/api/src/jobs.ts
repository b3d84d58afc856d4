import type { AppDeps } from './deps';
import { startJobQueue, worker, type JobQueueOptions, type JobRunner } from './lib/job-queue';
import { purgeEndedSessionsJob } from './modules/auth/job';
import { purgeRateLimitCountersJob } from './modules/rate-limits/job';
import { fetchReferenceRatesJob } from './modules/rates/job';
import { receiptOcrGaveUpJob, receiptOcrJob, receiptSweepJob } from './modules/receipts/job';
import { generateRecurringJob } from './modules/recurring/job';
import { purgeDeletedTransactionsJob } from './modules/transactions/job';
import { purgeTwoFactorLeftoversJob } from './modules/two-factor/job';
import { eraseScheduledAccountsJob } from './modules/users/job';

/**
 * Every background job. A module that adds one defines it in its job.ts and lists it here; a dead-letter
 * queue must come before the queue that sends to it.
 */
export const jobDefinitions = [
  worker(purgeDeletedTransactionsJob),
  worker(purgeRateLimitCountersJob),
  worker(purgeEndedSessionsJob),
  worker(purgeTwoFactorLeftoversJob),
  worker(eraseScheduledAccountsJob),
  worker(generateRecurringJob),
  worker(receiptOcrGaveUpJob),
  worker(receiptOcrJob),
  worker(receiptSweepJob),
  worker(fetchReferenceRatesJob),
];

/** Starts pg-boss with every job of the app (see lib/job-queue.ts for what the options do). */
export function startJobs(
  connectionString: string,
  deps: AppDeps,
  log: (message: string, error?: unknown) => void,
  options?: JobQueueOptions,
): Promise<JobRunner> {
  return startJobQueue(jobDefinitions, connectionString, deps, log, options);
}
