import net from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { sessions } from '../../src/db/schema';
import { createTestDeps, seedUser } from '../helpers';

// A logout whose page is closed (or whose CLI is stopped) right after it is sent: the server still ends the
// session, and logs no error. Every tRPC answer is streamed through compression, and a client gone before
// its first byte made Fastify report the stream's "Premature close" as a 500 of the route.
const deps = createTestDeps();
type LogLine = { level: number; msg: string; reqId?: string; res?: { statusCode: number } };
const logged: LogLine[] = [];
const app = await buildApp(deps, {
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(String(chunk)) as LogLine);
        done();
      },
    }),
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => app.close());
const { port } = app.server.address() as net.AddressInfo;

const ROUTES = {
  trpc: { path: '/trpc/auth.logout?batch=1', body: '{"0":{}}' },
  rest: { path: '/api/auth/logout', body: '{}' },
};

/**
 * Sends one raw HTTP logout. `leave`: the client closes its connection as soon as the request is written,
 * before any answer. Resolves with the status line it read (empty when it left).
 */
function logout(route: keyof typeof ROUTES, token: string, headers: string, leave: boolean) {
  const { path, body } = ROUTES[route];
  const request =
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n${headers}` +
    `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n${leave ? '' : 'Connection: close\r\n'}\r\n${body}`;
  return new Promise<string>((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(request);
      if (leave) socket.destroy();
    });
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
  });
}

/**
 * The log lines written since `from`, once the server is done with the request: its session is gone (the
 * handler ran), and the answer's own lines had the few turns they take to come.
 */
async function linesOnceEnded(userId: string, from: number): Promise<LogLine[]> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const left = await deps.db.select().from(sessions).where(eq(sessions.userId, userId));
    if (left.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
  return logged.slice(from);
}

describe('logout when the client does not wait for the answer', () => {
  const cases = [];
  for (const route of ['trpc', 'rest'] as const) {
    for (const [label, headers] of [
      ['no compression asked', ''],
      ['gzip and brotli accepted', 'Accept-Encoding: gzip, deflate, br\r\n'],
      ['a cookie sent too', 'Accept-Encoding: gzip, br\r\nCookie: theme=dark\r\n'],
    ]) {
      for (const leave of [false, true]) cases.push({ route, label, headers: headers ?? '', leave });
    }
  }

  it.each(cases)('$route, $label, client leaves: $leave — session ended, no error logged', async (c) => {
    const { token, user } = await seedUser(deps);
    const from = logged.length;
    const status = await logout(c.route, token, c.headers, c.leave);
    const lines = await linesOnceEnded(user.id, from);
    expect(lines[0]).toMatchObject({ msg: 'incoming request' });
    expect(status).toBe(c.leave ? '' : 'HTTP/1.1 200 OK');
    expect(lines.filter((line) => line.level >= 40 || (line.res?.statusCode ?? 0) >= 500)).toEqual([]);
    // The server did its part either way: the token is worthless now.
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});
