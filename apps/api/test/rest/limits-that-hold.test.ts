import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { MESSAGES, USER_ACCOUNT_MESSAGES } from '@paisable/contracts';

import { buildApp } from '../../src/app';
import { users } from '../../src/db/schema';
import { loadEnv } from '../../src/env';
import { TRUST_PROXY_EVERYTHING_REFUSED } from '../../src/lib/trust-proxy';
import { FAILURES_PER_ACCOUNT } from '../../src/modules/auth/attempts';
import { ERASE_GRACE_MS, eraseScheduledAccounts } from '../../src/modules/users/erase-schedule';
import { appRouter } from '../../src/router';
import { createCallerFactory } from '../../src/trpc/init';
import { createTestDeps, seedUser, TEST_PASSWORD, uniqueEmail } from '../helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let nowMs = Date.parse('2026-05-01T10:00:00Z');
const deps = createTestDeps(() => new Date(nowMs));
const app = await buildApp(deps);
const proxied = await buildApp(deps, { trustProxy: 1 });
afterAll(() => Promise.all([app.close(), proxied.close()]));
const createCaller = createCallerFactory(appRouter);

let addressCounter = 0;
/** A fresh address for each caller, so only the per-account limit can refuse. */
function newAddress() {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function login(email: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

/** A user whose clock starts now: their sign-up session is live at the test's time. */
async function newUser() {
  const email = uniqueEmail('limits');
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: '192.168.50.10',
  });
  const body = response.json<{ token: string; _id: string }>();
  return { email, id: body._id, authorization: `Bearer ${body.token}` };
}

describe('failed sign-ins per account', () => {
  it('refuses guesses from many addresses past 20 in a quarter hour; the owner at home still signs in', async () => {
    const { email } = await newUser();
    const statuses: number[] = [];
    // 13 addresses × 10 guesses: each address stays under its own limit of 10.
    for (let address = 0; address < 13; address++) {
      const ip = newAddress();
      for (let guess = 0; guess < 10; guess++)
        statuses.push((await login(email, 'Wrong#123', ip)).statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(FAILURES_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(130 - FAILURES_PER_ACCOUNT);

    // Even the right password from a new address waits: the guesser cannot tell it found it.
    const elsewhere = await login(email, TEST_PASSWORD, newAddress());
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Where the owner is signed in (their sign-up's address), they are never locked out.
    expect((await login(email, TEST_PASSWORD, '192.168.50.10')).statusCode).toBe(200);
    // And the lock lasts one window: 15 minutes after the last burst anyone may try again.
    nowMs += 15 * MINUTE;
    expect((await login(email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it('counts unknown e-mails the same, so the refusal tells nothing about who has an account', async () => {
    const email = uniqueEmail('nobody');
    const statuses: number[] = [];
    for (let guess = 0; guess < FAILURES_PER_ACCOUNT + 2; guess++) {
      statuses.push((await login(email, 'Wrong#123', newAddress())).statusCode);
    }
    expect(statuses.slice(FAILURES_PER_ACCOUNT)).toEqual([429, 429]);
    nowMs += 15 * MINUTE;
  });

  it('holds on tRPC too', async () => {
    const { email } = await newUser();
    const outcomes: string[] = [];
    for (let guess = 0; guess < FAILURES_PER_ACCOUNT + 1; guess++) {
      const caller = createCaller({ ...deps, authorization: undefined, client: { ip: newAddress() } });
      outcomes.push(
        await caller.auth.login({ email, password: 'Wrong#123' }).then(
          () => 'OK',
          (error: { code: string }) => error.code,
        ),
      );
    }
    expect(outcomes.at(-2)).toBe('UNAUTHORIZED');
    expect(outcomes.at(-1)).toBe('TOO_MANY_REQUESTS');
    nowMs += 15 * MINUTE;
  });
});

describe('TRUST_PROXY', () => {
  it('believes only the hop the proxy added: a spoofed X-Forwarded-For changes nothing', async () => {
    const { email } = await newUser();
    const statuses: number[] = [];
    for (let guess = 0; guess < 60; guess++) {
      const response = await proxied.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Wrong#123' },
        remoteAddress: '10.0.0.2', // the proxy
        // The client wrote a new address each time; the proxy appended the one it saw.
        headers: { 'x-forwarded-for': `203.0.113.${guess + 1}, 198.51.100.7` },
      });
      statuses.push(response.statusCode);
    }
    // 10 per account and address: the 11th guess from 198.51.100.7 is refused, whatever it claims.
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    nowMs += 15 * MINUTE;
  });

  it('takes the address the trusted proxy saw, with a hop count or the proxy listed', async () => {
    const byAddress = await buildApp(deps, { trustProxy: ['10.0.0.2'] });
    afterAll(() => byAddress.close());
    for (const [server, remoteAddress, seen] of [
      [proxied, '10.0.0.2', '198.51.100.7'],
      [byAddress, '10.0.0.2', '198.51.100.7'],
      // A client reaching the server directly is not the listed proxy: its header is ignored.
      [byAddress, '198.51.100.99', '198.51.100.99'],
    ] as const) {
      const { email } = await newUser();
      const signedIn = await server.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD },
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.1, 198.51.100.7' },
      });
      const listed = await server.inject({
        method: 'GET',
        url: '/api/auth/sessions',
        headers: { authorization: `Bearer ${signedIn.json<{ token: string }>().token}` },
      });
      const current = listed.json<{ sessions: { current: boolean; ip: string }[] }>().sessions;
      expect(current.find((session) => session.current)?.ip).toBe(seen);
    }
  });

  it('takes a hop count or addresses, and refuses "true" with the reason', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '192.168.0.0/16',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(TRUST_PROXY_EVERYTHING_REFUSED);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(/not an IP address or a CIDR range/);
  });
});

describe('e-mails in one form', () => {
  it('treats the NFC and NFD spellings of an address as one account', async () => {
    const local = `jos\u00e9-${Date.now()}`;
    const composed = `${local}@Paisable.dev`;
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const first = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: composed, password: TEST_PASSWORD },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().email).toBe(composed.toLowerCase());
    const second = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: decomposed, password: TEST_PASSWORD },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: MESSAGES.userExists });
    expect((await login(decomposed.toUpperCase(), TEST_PASSWORD, newAddress())).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/account', () => {
  function remove(authorization: string, payload?: object) {
    return app.inject({
      method: 'DELETE',
      url: '/api/users/account',
      headers: { authorization },
      ...(payload ? { payload } : {}),
    });
  }
  async function eraseAfter(id: string) {
    const [row] = await deps.db.select({ at: users.eraseAfter }).from(users).where(eq(users.id, id));
    return row ? row.at : 'erased';
  }

  it('without the password: signs out everywhere and erases after 14 days', async () => {
    const { email, id, authorization } = await newUser();
    const other = (await login(email, TEST_PASSWORD, newAddress())).json<{ token: string }>().token;
    const response = await remove(authorization);
    expect(response.statusCode).toBe(200);
    const due = new Date(nowMs + ERASE_GRACE_MS);
    expect(response.json()).toEqual({
      message: USER_ACCOUNT_MESSAGES.scheduled(due.toISOString().slice(0, 10)),
      eraseAfter: due.toISOString(),
    });
    for (const token of [authorization, `Bearer ${other}`]) {
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: token } });
      expect(me.statusCode).toBe(401);
    }
    nowMs += ERASE_GRACE_MS - MINUTE;
    await eraseScheduledAccounts(deps);
    expect(await eraseAfter(id)).toEqual(due);
    nowMs += 2 * MINUTE;
    await eraseScheduledAccounts(deps);
    expect(await eraseAfter(id)).toBe('erased');
    expect((await login(email, TEST_PASSWORD, newAddress())).statusCode).toBe(401);
  });

  it('is cancelled by signing in with the password within the grace period', async () => {
    const { email, id, authorization } = await newUser();
    await remove(authorization);
    nowMs += 13 * DAY;
    expect((await login(email, TEST_PASSWORD, newAddress())).statusCode).toBe(200);
    expect(await eraseAfter(id)).toBeNull();
    nowMs += 2 * DAY;
    await eraseScheduledAccounts(deps);
    expect(await eraseAfter(id)).toBeNull();
  });

  it('with the password erases at once; a wrong one changes nothing', async () => {
    const { id, authorization } = await newUser();
    const wrong = await remove(authorization, { password: 'Wrong#123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: USER_ACCOUNT_MESSAGES.wrongPassword });
    expect(await eraseAfter(id)).toBeNull();
    const done = await remove(authorization, { password: TEST_PASSWORD });
    expect(done.json()).toEqual({ message: USER_ACCOUNT_MESSAGES.deleted });
    expect(await eraseAfter(id)).toBe('erased');
  });

  it('keeps the seeded users of other tests out of it', async () => {
    // A user made by the shared helper: the deletion of another account never touches theirs.
    const bystander = await seedUser(deps);
    const { authorization } = await newUser();
    await remove(authorization);
    nowMs += ERASE_GRACE_MS + MINUTE;
    await eraseScheduledAccounts(deps);
    expect(await eraseAfter(bystander.user.id)).toBeNull();
  });
});
