import { afterAll, describe, expect, it } from 'vitest';

import { AUTH_MESSAGES, USER_ACCOUNT_MESSAGES } from '@paisable/contracts';

import { buildApp } from '../../src/app';
import { totpCode } from '../../src/modules/two-factor/totp';
import { createTestDeps, randomClientIp, seedUser, TEST_PASSWORD } from '../helpers';

let nowMs = Date.parse('2026-07-01T08:00:05Z');
const STEP = 30_000;
const deps = createTestDeps(() => new Date(nowMs));
const app = await buildApp(deps);
afterAll(() => app.close());

const codeNow = (secret: string, offsetSteps = 0) => totpCode(secret, new Date(nowMs + offsetSteps * STEP));

function post(url: string, payload: object, options: { authorization?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? randomClientIp(),
    headers: options.authorization ? { authorization: options.authorization } : {},
  });
}

/** Turns it on through REST as another program would: setup, then a code. */
async function enrol() {
  const user = await seedUser(deps);
  const setup = await post('/api/auth/2fa/setup', {}, user);
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json<{ secret: string; uri: string }>();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Paisable:/);
  const enabled = await post('/api/auth/2fa/enable', { code: await codeNow(secret) }, user);
  expect(enabled.statusCode).toBe(200);
  const { recoveryCodes, message } = enabled.json<{ recoveryCodes: string[]; message: string }>();
  expect(message).toBe(AUTH_MESSAGES.twoFactorEnabled);
  nowMs += 3 * STEP;
  return { ...user, secret, recoveryCodes };
}

async function challengeFor(email: string, ip = randomClientIp()) {
  const response = await post('/api/auth/login', { email, password: TEST_PASSWORD }, { ip });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ twoFactorRequired: boolean; challenge: string; token?: string }>();
  expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return body.challenge;
}

describe('two-factor sign-in over REST', () => {
  it('login answers a challenge, not a token; /auth/login/2fa with a code answers the original shape', async () => {
    const { email, secret } = await enrol();
    const ip = randomClientIp();
    const challenge = await challengeFor(email, ip);
    const signedIn = await post('/api/auth/login/2fa', { challenge, code: await codeNow(secret) }, { ip });
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json<{ _id: string; email: string; token: string }>();
    expect(body).toMatchObject({ email, _id: expect.any(String), token: expect.any(String) });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json()).toMatchObject({ email });
    const status = await app.inject({
      method: 'GET',
      url: '/api/auth/2fa',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('refuses a wrong code with 401, and a code used once already (replay)', async () => {
    const { email, secret } = await enrol();
    const ip = randomClientIp();
    const wrong = await post(
      '/api/auth/login/2fa',
      { challenge: await challengeFor(email, ip), code: '12 34 56' },
      { ip },
    );
    if ((await codeNow(secret)) !== '123456') {
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.wrongSignInCode });
    }
    const code = await codeNow(secret);
    const first = await post(
      '/api/auth/login/2fa',
      { challenge: await challengeFor(email, ip), code },
      { ip },
    );
    expect(first.statusCode).toBe(200);
    const replayed = await post(
      '/api/auth/login/2fa',
      { challenge: await challengeFor(email, ip), code },
      { ip },
    );
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ message: AUTH_MESSAGES.wrongSignInCode });
  });

  it('limits code attempts per account and address, with Retry-After', async () => {
    const { email, secret } = await enrol();
    const ip = randomClientIp();
    const wrong = (await codeNow(secret)) === '111111' ? '222222' : '111111';
    // Every attempt counts, passwords and codes alike: 10 per quarter hour per account from one address.
    const tryCode = async (challenge: string) =>
      post('/api/auth/login/2fa', { challenge, code: wrong }, { ip });
    const first = await challengeFor(email, ip); // 1
    for (let i = 0; i < 5; i += 1) expect((await tryCode(first)).statusCode).toBe(401); // 2-6
    const second = await challengeFor(email, ip); // 7
    for (let i = 0; i < 3; i += 1) expect((await tryCode(second)).statusCode).toBe(401); // 8-10
    // The code completing the 10th attempt is still checked (and counted when wrong); the next is refused.
    expect((await tryCode(second)).statusCode).toBe(401); // 11
    const refused = await tryCode(second);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is still let through (the account's own limit is 20 wrong ones).
    const other = randomClientIp();
    const ok = await post(
      '/api/auth/login/2fa',
      { challenge: await challengeFor(email, other), code: await codeNow(secret) },
      { ip: other },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('counts a sign-in with its right code as one attempt: ten sign-ins from one address pass', async () => {
    const { email, recoveryCodes } = await enrol();
    const ip = randomClientIp();
    for (const code of recoveryCodes) {
      const signedIn = await post(
        '/api/auth/login/2fa',
        { challenge: await challengeFor(email, ip), code },
        { ip },
      );
      expect(signedIn.statusCode).toBe(200);
    }
  });

  it('takes a recovery code once', async () => {
    const { email, recoveryCodes } = await enrol();
    const code = recoveryCodes[0] ?? '';
    const ip = randomClientIp();
    expect(
      (await post('/api/auth/login/2fa', { challenge: await challengeFor(email, ip), code }, { ip }))
        .statusCode,
    ).toBe(200);
    const again = await post(
      '/api/auth/login/2fa',
      { challenge: await challengeFor(email, ip), code },
      { ip },
    );
    expect(again.statusCode).toBe(401);
  });

  it('asks for the code to change the password and to erase the account at once; turns off with both', async () => {
    const user = await enrol();
    const change = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        payload,
        headers: { authorization: user.authorization },
      });
    const missing = await change({ currentPassword: TEST_PASSWORD, newPassword: 'Better#456' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: AUTH_MESSAGES.twoFactorCodeRequired });
    const changed = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'Better#456',
      code: await codeNow(user.secret),
    });
    expect(changed.json()).toEqual({ message: AUTH_MESSAGES.passwordChanged });

    const noCode = await post('/api/auth/2fa/disable', { password: 'Better#456' }, user);
    expect(noCode.statusCode).toBe(400);
    const off = await post(
      '/api/auth/2fa/disable',
      { password: 'Better#456', code: user.recoveryCodes[2] },
      user,
    );
    expect(off.json()).toEqual({ message: AUTH_MESSAGES.twoFactorDisabled });
    const plain = await post('/api/auth/login', { email: user.email, password: 'Better#456' });
    expect(plain.json()).toHaveProperty('token');

    const other = await enrol();
    const erase = (payload: object) =>
      app.inject({
        method: 'DELETE',
        url: '/api/users/account',
        payload,
        headers: { authorization: other.authorization },
      });
    const refused = await erase({ password: TEST_PASSWORD, code: '000000' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.wrongTwoFactorCode });
    const erased = await erase({ password: TEST_PASSWORD, code: await codeNow(other.secret) });
    expect(erased.json()).toEqual({ message: USER_ACCOUNT_MESSAGES.deleted });
    const gone = await post('/api/auth/login', { email: other.email, password: TEST_PASSWORD });
    expect(gone.statusCode).toBe(401);
  });
});
