import { setTimeout as sleep } from 'node:timers/promises';

import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

/** How often the postmaster is looked at: a stop is noticed within this. */
const CHECK_EVERY_MS = 1_000;
/** Restarts this close together count towards giving up; a crash now and then never adds up. */
const RESTART_WINDOW_MS = 10 * 60_000;
/** Start attempts within the window before giving up: waits of 0.5, 1, 2, 4, 8 and 16 s, about 30 s in all. */
const MAX_RESTARTS = 6;
const FIRST_WAIT_MS = 500;

type Log = (message: string, error?: unknown) => void;

/**
 * The embedded PostgreSQL, started again on the same port when it stops on its own (a crash, the OOM
 * killer, someone's kill), so the app recovers without anyone doing anything.
 *
 * Restarted in this process rather than by exiting for a supervisor to restart the app: `npm start` on a
 * home server usually has no supervisor, so an exit would leave the app down until someone notices. Nothing
 * else has to follow: the URL stays the same, requests answer 503 meanwhile, and the database clients
 * (postgres.js, pg-boss) open new connections on their own. A database that keeps stopping, or cannot be
 * started (full disk, damaged data), is not fixed by more restarts: after MAX_RESTARTS attempts within
 * RESTART_WINDOW_MS, `onGiveUp` gets a sentence for the user (the server exits with it, for whatever
 * supervises it, or the user, to act on) rather than answering 503 for ever.
 */
export async function superviseEmbeddedPostgres(
  dataDir: string,
  log: Log,
  onGiveUp: (reason: string) => void,
): Promise<EmbeddedDatabase> {
  let current = await startEmbeddedPostgres(dataDir, log);
  const { url, port } = current;
  const attempts: number[] = [];
  const stopping = new AbortController();
  let restarting: Promise<void> | undefined;

  const restart = async () => {
    log(`the embedded PostgreSQL stopped unexpectedly; starting it again on port ${port}`);
    for (;;) {
      const now = Date.now();
      while ((attempts[0] ?? now) < now - RESTART_WINDOW_MS) attempts.shift();
      if (attempts.length >= MAX_RESTARTS) {
        clearInterval(watch);
        onGiveUp(
          `the embedded PostgreSQL (data in ${dataDir}) was started again ${attempts.length} times within ` +
            `${RESTART_WINDOW_MS / 60_000} minutes and keeps stopping or failing to start. Check the free disk ` +
            'space and the messages above, then start the app again.',
        );
        return;
      }
      const wait = FIRST_WAIT_MS * 2 ** attempts.length;
      attempts.push(now);
      await sleep(wait, undefined, { signal: stopping.signal });
      try {
        current = await startEmbeddedPostgres(dataDir, log, { port });
        log('the embedded PostgreSQL is running again');
        return;
      } catch (error) {
        log('the embedded PostgreSQL did not start again', error);
      }
    }
  };

  const watch = setInterval(() => {
    if (restarting || current.isRunning()) return;
    restarting = restart()
      // A stop while waiting to try again ends the wait: nothing to report.
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) log('restarting the embedded PostgreSQL failed', error);
      })
      .finally(() => {
        restarting = undefined;
      });
  }, CHECK_EVERY_MS);
  // The watch alone does not keep a process alive whose work is done.
  watch.unref();

  return {
    url,
    port,
    isRunning: () => current.isRunning(),
    stop: async () => {
      clearInterval(watch);
      stopping.abort();
      // A start under way finishes first, so that the PostgreSQL it started is the one stopped.
      await restarting;
      await current.stop();
    },
  };
}
