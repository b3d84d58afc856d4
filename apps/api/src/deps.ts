import type { Database, DatabaseTransaction } from './db/client';
import type { FileStorage } from './lib/file-storage';
import type { SandboxPool } from './lib/sandbox/pool';
import type { SecretBox } from './lib/secret-box';
import type { Mailer } from './modules/mail/mailer';
import type { Recognizer } from './modules/receipts/ocr';

/** Everything a service may need from the outside world, passed in so tests can supply their own. */
export type AppDeps = {
  db: Database;
  /** The clock; tests pass a fixed one. */
  now: () => Date;
  limits: {
    /** Login and sign-up attempts allowed per client address per 15 minutes, over all accounts. */
    authAttemptsPerIp: number;
  };
  /** Seals secrets kept in the database (two-factor secrets) with the server key (lib/secret-box.ts). */
  secrets: SecretBox;
  /** Private uploaded files (receipts). */
  files: FileStorage;
  /** Reads text, with its position and confidence, from receipt images (in a process of its own); tests may pass a fake. */
  ocr: Recognizer;
  /**
   * Processes for untrusted work (opening PDFs, parsing bank files, users' patterns): a crash, a slow file
   * or a memory bomb costs one task there, never this process (lib/sandbox).
   */
  sandbox: SandboxPool;
  /** Sends e-mail (password reset, erase notices); absent without SMTP_URL, and those features say so. */
  mail?: Mailer;
  /** Where the daily reference exchange rates are fetched (RATES_URL); absent: not fetched. */
  exchangeRates?: { url: string; timeoutMs?: number };
  /** Queues background jobs; absent where no job queue runs, and work needing one answers 503. */
  jobs?: JobSender;
};

export type JobSender = {
  /**
   * With `tx` the job is queued inside that transaction: it exists if, and only if, the transaction
   * commits. Jobs of a queue are worked highest `priority` first (0 by default), then oldest first.
   */
  send: <Payload extends object>(
    name: string,
    payload: Payload,
    tx?: DatabaseTransaction,
    options?: { priority?: number },
  ) => Promise<string | null>;
};
