import { PgBoss } from 'pg-boss';
import type { z } from 'zod';

import type { AppDeps } from './deps';
import { purgeRateLimitCountersJob } from './modules/rate-limits/job';
import { generateRecurringJob } from './modules/recurring/job';
import { purgeDeletedTransactionsJob } from './modules/transactions/job';

/** A background job: a queue name, its payload contract, an optional schedule, and a service call. */
export type JobDefinition<Payload> = {
  name: string;
  payload: z.ZodType<Payload>;
  /** Cron expression (UTC) for scheduled runs. */
  cron?: string;
  /** Also run once when the workers start, to catch up on what fell due while the server was down. */
  runAtStart?: boolean;
  handle: (deps: AppDeps, payload: Payload) => Promise<void>;
};

/** A definition with its payload type sealed in, so definitions of different payloads share one list. */
type Worker = {
  name: string;
  cron?: string;
  runAtStart?: boolean;
  run: (deps: AppDeps, data: unknown) => Promise<void>;
};

function worker<Payload>(definition: JobDefinition<Payload>): Worker {
  return {
    name: definition.name,
    cron: definition.cron,
    runAtStart: definition.runAtStart,
    run: (deps, data) => definition.handle(deps, definition.payload.parse(data)),
  };
}

// Each module's job.ts adds its definition here.
const definitions: Worker[] = [
  worker(purgeDeletedTransactionsJob),
  worker(purgeRateLimitCountersJob),
  worker(generateRecurringJob),
];

export type JobRunner = {
  send: <Payload extends object>(name: string, payload: Payload) => Promise<string | null>;
  stop: () => Promise<void>;
};

/** Starts pg-boss on the app's database: creates the queues, their schedules and their workers. */
export async function startJobs(
  connectionString: string,
  deps: AppDeps,
  log: (message: string, error?: unknown) => void,
): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString, max: 4 });
  boss.on('error', (error) => log('job queue error', error));
  await boss.start();

  for (const definition of definitions) {
    await boss.createQueue(definition.name);
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    await boss.work(definition.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) await definition.run(deps, job.data);
    });
    if (definition.runAtStart) await boss.send(definition.name, {});
  }

  return {
    send: (name, payload) => boss.send(name, payload),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
