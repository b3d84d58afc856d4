import { describe, expect, it } from 'vitest';

import { AUTH_MESSAGES, MESSAGES, USER_ACCOUNT_MESSAGES } from '@paisable/contracts';

import { RESET_MAILS_PER_ACCOUNT, RESET_REQUESTS_PER_ADDRESS } from '../../src/modules/auth/password-reset';
import { enableTwoFactor, startTwoFactorSetup } from '../../src/modules/two-factor/service';
import { totpCode } from '../../src/modules/two-factor/totp';
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
import { resetTokenIn, startMailServer } from '../mail-server';

// The clock moves forward by hand, to see a link outlive its 30 minutes.
let clockMs = Date.now();
const mailServer = await startMailServer('https://money.test');
const deps = { ...createTestDeps(() => new Date(clockMs)), mail: mailServer.mailer };
const { app } = await createTestApp(deps);
const NEW_PASSWORD = 'Changed#456';

function post(url: string, payload: object, remoteAddress = randomClientIp()) {
  return app.inject({ method: 'POST', url, payload, remoteAddress });
}

function forgot(email: string, ip = randomClientIp()) {
  return post('/api/auth/forgot-password', { email }, ip);
}

function login(email: string, password: string) {
  return post('/api/auth/login', { email, password });
}

async function resetLinkFor(email: string, count = 1) {
  const mails = await mailServer.waitForMails(email, count);
  const mail = mails[count - 1];
  if (!mail) throw new Error('no mail');
  return { mail, token: resetTokenIn(mail.text) };
}

describe('password reset by e-mail (REST)', () => {
  it('says the server can reset by e-mail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/password-reset' });
    expect(response.json()).toEqual({ available: true });
  });

  it('mails a link over SMTP; following it sets the new password and signs out every session', async () => {
    const { email, authorization } = await seedUser(deps);
    const asked = await forgot(email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: AUTH_MESSAGES.resetRequested });

    const { mail, token } = await resetLinkFor(email);
    expect(mail.subject).toBe('Choose a new Paisable password');
    expect(mail.text).toContain(`https://money.test/reset-password#token=${token}`);
    expect(mail.text).toContain('30 minutes');

    const reset = await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });

    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    expect(me.statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('takes a link once only, and no older link of the account after it', async () => {
    const { email } = await seedUser(deps);
    await forgot(email);
    const first = await resetLinkFor(email, 1);
    await forgot(email);
    const second = await resetLinkFor(email, 2);
    expect(second.token).not.toBe(first.token);

    expect(
      (await post('/api/auth/reset-password', { token: second.token, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    for (const token of [second.token, first.token]) {
      const again = await post('/api/auth/reset-password', { token, newPassword: 'Other#789x' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: AUTH_MESSAGES.resetLinkInvalid });
    }
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link older than 30 minutes, and changes nothing', async () => {
    const { email } = await seedUser(deps);
    await forgot(email);
    const { token } = await resetLinkFor(email);
    clockMs += 31 * 60 * 1000;
    const late = await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: AUTH_MESSAGES.resetLinkInvalid });
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up or altered token and a password against the sign-up rules', async () => {
    const { email } = await seedUser(deps);
    await forgot(email);
    const { token } = await resetLinkFor(email);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of ['nonsense', altered]) {
      const response = await post('/api/auth/reset-password', { token: bad, newPassword: NEW_PASSWORD });
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.resetLinkInvalid });
    }
    const weak = await post('/api/auth/reset-password', { token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: MESSAGES.passwordLength });
    // The link survived the refused password, and still works.
    expect((await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('answers the same for an address without an account, and mails nothing there', async () => {
    const nobody = uniqueEmail('nobody');
    const { email } = await seedUser(deps);
    const forNobody = await forgot(nobody);
    const forSomeone = await forgot(email);
    expect(forNobody.statusCode).toBe(forSomeone.statusCode);
    expect(forNobody.json()).toEqual(forSomeone.json());
    await mailServer.waitForMails(email);
    expect(mailServer.mailsTo(nobody)).toEqual([]);
  });

  it(`sends at most ${RESET_MAILS_PER_ACCOUNT} links to one account an hour, answering the same`, async () => {
    const { email } = await seedUser(deps);
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT + 2; i += 1) {
      const response = await forgot(email);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.resetRequested });
    }
    await mailServer.waitForMails(email, RESET_MAILS_PER_ACCOUNT);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailServer.mailsTo(email)).toHaveLength(RESET_MAILS_PER_ACCOUNT);
  });

  it(`refuses more than ${RESET_REQUESTS_PER_ADDRESS} requests an hour from one address`, async () => {
    const ip = randomClientIp();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i += 1) {
      expect((await forgot(uniqueEmail('nobody'), ip)).statusCode).toBe(200);
    }
    const refused = await forgot(uniqueEmail('nobody'), ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps two-factor sign-in: the new password still asks for the code', async () => {
    const { email, user } = await seedUser(deps);
    const { secret } = await startTwoFactorSetup(deps, { userId: user.id });
    const code = await totpCode(secret, new Date(clockMs));
    await enableTwoFactor(deps, { userId: user.id, code, client: { ip: randomClientIp() } });
    await forgot(email);
    const { token } = await resetLinkFor(email);
    await post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect((await login(email, NEW_PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
  });
});

describe('account erase notices by e-mail', () => {
  it('tells the owner when an erase is scheduled, and when signing in cancels it', async () => {
    const { email, authorization } = await seedUser(deps);
    const scheduled = await app.inject({
      method: 'DELETE',
      url: '/api/users/account',
      headers: { authorization },
    });
    const day = scheduled.json<{ eraseAfter: string }>().eraseAfter.slice(0, 10);
    expect(scheduled.json().message).toBe(USER_ACCOUNT_MESSAGES.scheduled(day));
    const [notice] = await mailServer.waitForMails(email, 1);
    expect(notice?.subject).toBe('Your Paisable account will be deleted');
    expect(notice?.text).toContain(day);

    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    const mails = await mailServer.waitForMails(email, 2);
    expect(mails[1]?.subject).toBe('Your Paisable account will not be deleted');
  });
});

describe('password reset by e-mail (tRPC)', () => {
  const createCaller = createCallerFactory(appRouter);
  const anonymous = () =>
    createCaller({ ...deps, authorization: undefined, client: { ip: randomClientIp() } });

  it('asks, follows the link, and signs the old session out', async () => {
    const { email, token: oldToken } = await seedUser(deps);
    expect(await anonymous().auth.passwordResetAvailable()).toEqual({ available: true });
    expect(await anonymous().auth.forgotPassword({ email })).toEqual({
      message: AUTH_MESSAGES.resetRequested,
    });
    const { token } = await resetLinkFor(email);
    expect(await anonymous().auth.resetPassword({ token, newPassword: NEW_PASSWORD })).toEqual({
      message: AUTH_MESSAGES.passwordReset,
    });
    const old = createCaller({
      ...deps,
      authorization: `Bearer ${oldToken}`,
      client: { ip: randomClientIp() },
    });
    await expect(old.auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous().auth.resetPassword({ token, newPassword: NEW_PASSWORD })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: AUTH_MESSAGES.resetLinkInvalid,
    });
  });
});

describe('without SMTP', () => {
  it('has no reset by e-mail: the status says so and the routes answer 404 with a message', async () => {
    const { app: plain } = await createTestApp(createTestDeps());
    expect((await plain.inject({ method: 'GET', url: '/api/auth/password-reset' })).json()).toEqual({
      available: false,
    });
    const asked = await plain.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: uniqueEmail() },
    });
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toEqual({ message: AUTH_MESSAGES.resetUnavailable });
  });
});
