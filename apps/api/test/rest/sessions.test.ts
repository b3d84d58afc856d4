import { describe, expect, it } from 'vitest';

import { AUTH_MESSAGES, MESSAGES } from '@paisable/contracts';

import { createTestApp, createTestDeps, seedUser, TEST_PASSWORD } from '../helpers';

/** A clock the tests move: sessions idle out and expire by it. */
let nowMs = Date.now();
const { app } = await createTestApp(createTestDeps(() => new Date(nowMs)));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Headers = Record<string, string>;

async function signIn(email: string, password = TEST_PASSWORD, headers: Headers = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers,
  });
  expect(response.statusCode).toBe(200);
  return `Bearer ${response.json().token as string}`;
}

function me(authorization: string) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
}

/** A write: it reads the session from the database, never from memory. */
function setup(authorization: string) {
  return app.inject({
    method: 'PUT',
    url: '/api/auth/setup',
    headers: { authorization },
    payload: { defaultCurrency: 'EUR' },
  });
}

async function expectRefused(authorization: string) {
  for (const response of [await me(authorization), await setup(authorization)]) {
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.tokenFailed });
  }
}

describe('POST /api/auth/logout', () => {
  it('ends this session on the server: its token is refused at once, other sessions go on', async () => {
    const { email, authorization } = await seedUser(createTestDeps());
    const other = await signIn(email);
    expect((await me(authorization)).statusCode).toBe(200); // remembered by this process from now on

    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    await expectRefused(authorization);
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe('GET and DELETE /api/auth/sessions', () => {
  it('lists where the user is signed in, marks this session, and signs out one of them', async () => {
    const { email } = await seedUser(createTestDeps());
    const phone = await signIn(email, TEST_PASSWORD, { 'user-agent': 'Phone browser 1.0' });
    const laptop = await signIn(email, TEST_PASSWORD, { 'user-agent': 'Laptop browser 2.0' });
    const listed = await app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { authorization: laptop },
    });
    expect(listed.statusCode).toBe(200);
    const { sessions } = listed.json<{
      sessions: { _id: string; current: boolean; userAgent: string; ip: string; lastSeenAt: string }[];
    }>();
    // The seeded sign-up, the phone and the laptop.
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current).map((session) => session.userAgent)).toEqual([
      'Laptop browser 2.0',
    ]);
    const phoneSession = sessions.find((session) => session.userAgent === 'Phone browser 1.0');
    expect(phoneSession?.ip).toBe('127.0.0.1');

    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneSession?._id}`,
      headers: { authorization: laptop },
    });
    expect(ended.json()).toEqual({ message: AUTH_MESSAGES.sessionEnded });
    await expectRefused(phone);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it("answers 404 for another user's session or a malformed id, and that session goes on", async () => {
    const owner = await seedUser(createTestDeps());
    const stranger = await seedUser(createTestDeps());
    const listed = await app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { authorization: owner.authorization },
    });
    const [ownerSession] = listed.json<{ sessions: { _id: string }[] }>().sessions;
    for (const id of [ownerSession?._id, 'not-a-session', '00000000-0000-4000-8000-000000000000']) {
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${id}`,
        headers: { authorization: stranger.authorization },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.sessionNotFound });
    }
    expect((await me(owner.authorization)).statusCode).toBe(200);
  });

  it('signs out everywhere else: every other token is refused, this one goes on', async () => {
    const { email, authorization } = await seedUser(createTestDeps());
    const others = [await signIn(email), await signIn(email)];
    for (const other of others) expect((await me(other)).statusCode).toBe(200);
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions',
      headers: { authorization },
    });
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.sessionsEnded, ended: 2 });
    for (const other of others) await expectRefused(other);
    expect((await me(authorization)).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/password', () => {
  function changePassword(authorization: string, payload: object) {
    return app.inject({ method: 'PUT', url: '/api/auth/password', headers: { authorization }, payload });
  }

  it('asks the current password and keeps the sign-up rules, changing nothing when refused', async () => {
    const { email, authorization } = await seedUser(createTestDeps());
    const wrong = await changePassword(authorization, {
      currentPassword: 'Wrong#123',
      newPassword: 'Better#456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.wrongCurrentPassword });
    const weak = await changePassword(authorization, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'letters1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: MESSAGES.passwordCharacters });
    const missing = await changePassword(authorization, { newPassword: 'Better#456' });
    expect(missing.json()).toEqual({ message: AUTH_MESSAGES.currentPasswordRequired });
    await signIn(email, TEST_PASSWORD);
  });

  it('changes it and signs out every other session; the old password no longer signs in', async () => {
    const { email, authorization } = await seedUser(createTestDeps());
    const other = await signIn(email);
    expect((await me(other)).statusCode).toBe(200);
    const changed = await changePassword(authorization, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Better#456',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: AUTH_MESSAGES.passwordChanged });
    await expectRefused(other);
    expect((await me(authorization)).statusCode).toBe(200);
    const old = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await signIn(email, 'Better#456');
  });
});

describe('session lifetimes', () => {
  it('ends a session after 7 days without a request, but not one used every few days', async () => {
    const { email } = await seedUser(createTestDeps());
    const used = await signIn(email);
    const idle = await signIn(email);
    for (let day = 0; day < 4; day += 1) {
      nowMs += 6 * DAY;
      expect((await me(used)).statusCode).toBe(200);
    }
    await expectRefused(idle);
  });

  it('ends every session 30 days after the password, however active', async () => {
    const { email } = await seedUser(createTestDeps());
    const token = await signIn(email);
    for (let day = 0; day < 29; day += 1) {
      nowMs += DAY;
      expect((await me(token)).statusCode).toBe(200);
    }
    nowMs += DAY;
    await expectRefused(token);
  });

  it('renews the token: the old one passes for a minute, and shown later it ends the session', async () => {
    const { email } = await seedUser(createTestDeps());
    const first = await signIn(email);
    const renewed = await app.inject({
      method: 'POST',
      url: '/api/auth/renew',
      headers: { authorization: first },
    });
    expect(renewed.statusCode).toBe(200);
    const second = `Bearer ${renewed.json().token as string}`;
    expect(second).not.toBe(first);
    expect((await me(second)).statusCode).toBe(200);
    nowMs += 30_000;
    expect((await me(first)).statusCode).toBe(200);
    nowMs += MINUTE;
    // Only a copy can still show the old token: the session ends for both.
    expect((await me(first)).statusCode).toBe(401);
    await expectRefused(second);
  });
});
