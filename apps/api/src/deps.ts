import type { Database, DatabaseTransaction } from './db/client';
import type { FileStorage } from './lib/file-storage';
import type { TokenService } from './modules/auth/token';
import type { Recognizer } from './modules/receipts/ocr';

/** Everything a service may need from the outside world, passed in so tests can supply their own. */
export type AppDeps = {
  db: Database;
  tokens: TokenService;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  limits: {
    /** Login and sign-up attempts allowed per client address per 15 minutes, over all accounts. */
    authAttemptsPerIp: number;
  };
  /** Private uploaded files (receipts). */
  files: FileStorage;
  /** Reads text, with its position and confidence, from receipt images; tests may pass a fake. */
  ocr: Recognizer;
  /** Queues background jobs; absent where no job queue runs, and work needing one answers 503. */
  jobs?: JobSender;
};

export type JobSender = {
  /** With `tx` the job is queued inside that transaction: it exists if, and only if, the transaction commits. */
  send: <Payload extends object>(
    name: string,
    payload: Payload,
    tx?: DatabaseTransaction,
  ) => Promise<string | null>;
};
