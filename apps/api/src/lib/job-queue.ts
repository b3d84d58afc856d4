import os from 'node:os';
import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss } from 'pg-boss';
import type { z } from 'zod';

import type { AppDeps, JobSender } from '../deps';

/** A background job: a queue name, its payload contract, an optional schedule, and a service call. */
export type JobDefinition<Payload> = {
  name: string;
  payload: z.ZodType<Payload>;
  /** Cron expression (UTC) for scheduled runs. */
  cron?: string;
  /** Also run once when the workers start, to catch up on what fell due while the server was down. */
  runAtStart?: boolean;
  handle: (deps: AppDeps, payload: Payload) => Promise<void>;
  /** Jobs run this many at a time per process ('cores': one per CPU core); 1 by default. */
  concurrency?: number | 'cores';
  /**
   * Attempts after a failure (pg-boss default 2), including a failure because the worker died, and
   * seconds a live worker may spend on one job before it counts as hung (pg-boss default 15 minutes).
   */
  retryLimit?: number;
  expireInSeconds?: number;
  /** The queue that receives a job whose attempts are all used up; it must be defined before this one. */
  deadLetter?: string;
};

/**
 * Every running job reports in this often (pg-boss refreshes it every half of it); one that stops
 * reporting, because its process was killed or lost power, is failed and retried by the next
 * supervisor pass. Without a heartbeat such a job would only be retried after its expiry.
 */
const HEARTBEAT_SECONDS = 10;
/** How often pg-boss looks for jobs whose worker went silent (and does its other upkeep). */
const SUPERVISE_SECONDS = 5;

/** A definition with its payload type sealed in, so definitions of different payloads share one list. */
export type Worker = Omit<JobDefinition<unknown>, 'payload' | 'handle'> & {
  run: (deps: AppDeps, data: unknown) => Promise<void>;
};

export function worker<Payload>({ payload, handle, ...definition }: JobDefinition<Payload>): Worker {
  return { ...definition, run: (deps, data) => handle(deps, payload.parse(data)) };
}

export type JobQueueOptions = {
  /** false: only send jobs (an HTTP-only process); another process works them. */
  runWorkers?: boolean;
  /** Work just these queues (a test of one job must not run the others' schedules). */
  workOnly?: string[];
};

export type JobRunner = JobSender & {
  stop: () => Promise<void>;
};

/** Starts pg-boss on the app's database: creates the queues, their schedules and their workers. */
export async function startJobQueue(
  definitions: readonly Worker[],
  connectionString: string,
  deps: AppDeps,
  log: (message: string, error?: unknown) => void,
  { runWorkers = true, workOnly }: JobQueueOptions = {},
): Promise<JobRunner> {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on('error', (error) => log('job queue error', error));
  await boss.start();

  for (const definition of definitions) {
    const { retryLimit, expireInSeconds, deadLetter } = definition;
    const options = {
      heartbeatSeconds: HEARTBEAT_SECONDS,
      ...(retryLimit === undefined ? {} : { retryLimit }),
      ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
      ...(deadLetter === undefined ? {} : { deadLetter }),
    };
    // createQueue leaves an existing queue as it is: the update brings one made by an older version
    // in line with its definition.
    await boss.createQueue(definition.name, options);
    await boss.updateQueue(definition.name, options);
    if (!runWorkers || (workOnly && !workOnly.includes(definition.name))) continue;
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    const localConcurrency =
      definition.concurrency === 'cores' ? os.availableParallelism() : (definition.concurrency ?? 1);
    await boss.work(definition.name, { pollingIntervalSeconds: 0.5, localConcurrency }, async (jobs) => {
      for (const job of jobs) await definition.run(deps, job.data);
    });
    if (definition.runAtStart) await boss.send(definition.name, {});
  }

  return {
    send: (name, payload, tx, { priority } = {}) =>
      boss.send(name, payload, {
        ...(tx ? { db: fromDrizzle(tx, sql) } : {}),
        ...(priority === undefined ? {} : { priority }),
      }),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
