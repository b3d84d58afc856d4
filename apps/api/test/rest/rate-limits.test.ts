import { TRPCError } from '@trpc/server';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { users } from '../../src/db/schema';
import type { AppDeps } from '../../src/deps';
import { appRouter } from '../../src/router';
import { createCallerFactory } from '../../src/trpc/init';
import {
  createTestApp,
  createTestDeps,
  randomClientIp,
  seedUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../helpers';

// A clock the tests move, so a window can run out without waiting a quarter of an hour.
let clock = new Date('2026-03-01T10:00:00Z');
const baseDeps = createTestDeps(() => clock);
// The production limit per address is configurable; a small one keeps these tests short.
const deps: AppDeps = { ...baseDeps, limits: { authAttemptsPerIp: 30 } };
const { app } = await createTestApp(deps);

function login(email: string, password: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

function signupFrom(ip: string, email = uniqueEmail()) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
  });
}

describe('login attempts per account', () => {
  it('refuses the 11th attempt within 15 minutes with 429, a clear message and Retry-After', async () => {
    const { email } = await seedUser(deps);
    const ip = randomClientIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await login(email, 'Wrong#123', ip);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.invalidCredentials });
    }
    const refused = await login(email, 'Wrong#123', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Even the right password is refused while limited: the limit must not become a password oracle.
    const rightPassword = await login(email, TEST_PASSWORD, ip);
    expect(rightPassword.statusCode).toBe(429);

    // Once the window is over, the account owner gets in again.
    clock = new Date(clock.getTime() + 15 * 60 * 1000);
    const later = await login(email, TEST_PASSWORD, ip);
    expect(later.statusCode).toBe(200);
    expect(later.json().token).toEqual(expect.any(String));
  });

  it('does not lock the owner out from another address', async () => {
    const { email } = await seedUser(deps);
    const attacker = randomClientIp();
    for (let attempt = 1; attempt <= 11; attempt++) await login(email, 'Wrong#123', attacker);
    expect((await login(email, 'Wrong#123', attacker)).statusCode).toBe(429);
    expect((await login(email, TEST_PASSWORD, randomClientIp())).statusCode).toBe(200);
  });

  it('limits the tRPC login the same way, with a TOO_MANY_REQUESTS error', async () => {
    const { email } = await seedUser(deps);
    const caller = createCallerFactory(appRouter)({
      ...deps,
      authorization: undefined,
      client: { ip: randomClientIp() },
    });
    for (let attempt = 1; attempt <= 10; attempt++) {
      await expect(caller.auth.login({ email, password: 'Wrong#123' })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    }
    const refused = await caller.auth
      .login({ email, password: TEST_PASSWORD })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((refused as TRPCError).message).toMatch(/^Too many attempts/);
  });
});

describe('attempts per address', () => {
  it('refuses sign-ups past the limit with 429 and creates no account', async () => {
    const ip = randomClientIp();
    for (let attempt = 1; attempt <= 30; attempt++) expect((await signupFrom(ip)).statusCode).toBe(201);
    const email = uniqueEmail();
    const refused = await signupFrom(ip, email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts/);
    const [row] = await deps.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(row?.n).toBe(0);
    // Someone else is not affected.
    expect((await signupFrom(randomClientIp())).statusCode).toBe(201);
  });

  it('counts logins to many accounts from one address together (credential stuffing)', async () => {
    const ip = randomClientIp();
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await login(uniqueEmail(), 'Wrong#123', ip)).statusCode).toBe(401);
    }
    expect((await login(uniqueEmail(), 'Wrong#123', ip)).statusCode).toBe(429);
  });

  it('is shared by every API process on the same database', async () => {
    // A second app with its own connection pool stands for a second server process.
    const { app: other } = await createTestApp({ ...createTestDeps(() => clock), limits: deps.limits });
    const { email } = await seedUser(deps);
    const ip = randomClientIp();
    for (let attempt = 1; attempt <= 5; attempt++) await login(email, 'Wrong#123', ip);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Wrong#123' },
        remoteAddress: ip,
      });
    }
    expect((await login(email, TEST_PASSWORD, ip)).statusCode).toBe(429);
  });
});
