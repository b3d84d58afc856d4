import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';

import { TEST_PASSWORD, uniqueEmail } from '../helpers';
import { killRunningServers, postRent, startServer, stopServer } from './server-process';

// The server's own embedded PostgreSQL, in a data folder of this file.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-pg-crash-'));
const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');

/** The running postmaster's pid: the first line of the lock file in its data folder. */
function postmasterPid(): number {
  return Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
}

afterAll(async () => {
  killRunningServers();
  // A server that failed half-way may leave its PostgreSQL running: stop it the way PostgreSQL likes.
  try {
    process.kill(postmasterPid(), 'SIGINT');
    for (let waited = 0; waited < 10_000 && fs.existsSync(pidFile); waited += 100) await sleep(100);
  } catch {
    // Already gone.
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL killed under the running server', () => {
  it('is started again by the server itself, and signed-in requests work again', async () => {
    const { child, base, output } = await startServer(dataDir);
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('pg-crash'), password: TEST_PASSWORD }),
    });
    const { token } = (await signup.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const listTransactions = () => fetch(`${base}/api/transactions`, { headers }).catch(() => undefined);
    expect((await listTransactions())?.status).toBe(200);

    const killed = postmasterPid();
    process.kill(killed, 'SIGKILL');

    // Nobody restarts anything: the server notices, starts PostgreSQL again, and its pools reconnect.
    // A backend of the killed postmaster may still answer for a moment (it notices its parent's death on
    // its next wait), so the wait is for a new postmaster and an answer from it.
    let status: number | undefined;
    const restarted = () => fs.existsSync(pidFile) && postmasterPid() !== killed;
    for (
      const deadline = Date.now() + 60_000;
      !(status === 200 && restarted()) && Date.now() < deadline;
      await sleep(250)
    ) {
      status = (await listTransactions())?.status;
    }
    expect(status, `the server's last output:\n${output()}`).toBe(200);
    expect(child.exitCode).toBeNull();
    expect(postmasterPid()).not.toBe(killed);
    // Writes too, through connections opened after the restart.
    const created = await postRent(base, headers.authorization);
    expect(created.status).toBe(201);

    // And it still stops cleanly, stopping the PostgreSQL it started again.
    expect(await stopServer(child, 'SIGTERM')).toBe(0);
    expect(fs.existsSync(pidFile)).toBe(false);
  }, 240_000);
});
