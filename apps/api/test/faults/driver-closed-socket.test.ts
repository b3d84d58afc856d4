import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

// postgres.js 3.4.9 queues small writes for the next turn of the event loop; when the connection's socket
// closes first (PostgreSQL restarted or a backend was terminated), that queued write dereferenced the gone
// socket and threw outside any promise, which stopped the whole server (it did, once, in the fault test of
// a database crash under load). patches/postgres@3.4.9.patch drops the write and fails the waiting
// queries instead. A reserved connection reproduces it on every run: its backend is terminated, and once
// the socket has closed the next queries are written to it. A child process, so that a crash costs only it.
const script = `
import postgres from 'postgres';
const url = process.argv[1];
const sql = postgres(url, { max: 1, onnotice: () => {} });
const admin = postgres(url, { max: 1, onnotice: () => {} });
process.on('uncaughtException', (error) => { console.log(JSON.stringify({ crashed: error.message })); process.exit(3); });
const reserved = await sql.reserve();
const [{ pid }] = await reserved\`select pg_backend_pid() as pid\`;
await admin\`select pg_terminate_backend(\${pid})\`;
await new Promise((resolve) => setTimeout(resolve, 200));
const codes = await Promise.all([1, 2, 3].map(() => reserved\`select 1\`.then(() => 'ok', (error) => error.code)));
const [{ answer }] = await admin\`select 42 as answer\`;
console.log(JSON.stringify({ codes, answer }));
process.exit(0);
`;

describe('the database driver when a connection is cut with a write queued', () => {
  it('fails the queries on that connection with CONNECTION_CLOSED and the process goes on', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', script, inject('databaseUrl')],
      { cwd: path.resolve(import.meta.dirname, '../..'), timeout: 20_000 },
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({
      codes: ['CONNECTION_CLOSED', 'CONNECTION_CLOSED', 'CONNECTION_CLOSED'],
      answer: 42,
    });
  });
});
