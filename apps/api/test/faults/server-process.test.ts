import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';

import { TEST_PASSWORD, uniqueEmail } from '../helpers';
import { killRunningServers, postRent, startServer, stopServer } from './server-process';

// One data folder (and so one embedded PostgreSQL) for every server of this file.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-process-'));

afterAll(async () => {
  killRunningServers();
  // A server killed with -9 leaves its PostgreSQL running; stop it the way PostgreSQL likes (fast shutdown).
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
      for (let waited = 0; waited < 10_000 && fs.existsSync(pidFile); waited += 100) await sleep(100);
    } catch {
      // Already gone.
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Counts the server's JSON log lines holding every one of `parts`, and waits for a count. */
function countLogLines(child: ChildProcess, ...parts: string[]) {
  let count = 0;
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    count += lines.filter((line) => parts.every((part) => line.includes(part))).length;
  });
  return {
    atLeast: async (wanted: number) => {
      for (let waited = 0; count < wanted; waited += 10) {
        if (waited > 20_000) throw new Error(`only ${count} of ${wanted} log lines`);
        await sleep(10);
      }
    },
  };
}

function post(base: string, url: string, body: unknown) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the server process', () => {
  const email = uniqueEmail('process');

  it('finishes the requests in flight when it gets SIGTERM, then exits cleanly', async () => {
    const { child, base } = await startServer(dataDir);
    expect((await post(base, '/api/auth/signup', { email, password: TEST_PASSWORD })).status).toBe(201);

    // Logins take a while (password hashing). Once the server has logged all of them as received, they
    // are in flight: the signal comes then, and every one of them must still get its answer.
    const received = countLogLines(child, 'incoming request', '/api/auth/login');
    const logins = Array.from({ length: 8 }, () =>
      post(base, '/api/auth/login', { email, password: TEST_PASSWORD }),
    );
    await received.atLeast(8);
    const signalledAt = Date.now();
    const exitCode = stopServer(child, 'SIGTERM');
    const responses = await Promise.all(logins);
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(await exitCode).toBe(0);
    // Supervisors (docker stop, systemd) SIGKILL after ~10 s: the clients' idle keep-alive connections
    // must not hold the shutdown for their 72 s timeout.
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 240_000);

  it('starts again after kill -9, with every account and transaction still there', async () => {
    const first = await startServer(dataDir);
    const signup = await post(first.base, '/api/auth/signup', {
      email: uniqueEmail('kill'),
      password: TEST_PASSWORD,
    });
    const { token } = (await signup.json()) as { token: string };
    const created = await postRent(first.base, `Bearer ${token}`);
    expect(created.status).toBe(201);

    await stopServer(first.child, 'SIGKILL');

    const second = await startServer(dataDir);
    const list = await fetch(`${second.base}/api/transactions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { transactions: { name: string; cost: number }[] };
    expect(body.transactions).toEqual([expect.objectContaining({ name: 'Rent', cost: 1250.5 })]);
    expect(await stopServer(second.child, 'SIGTERM')).toBe(0);
  }, 240_000);
});
