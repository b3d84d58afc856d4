import { describe, expect, it } from 'vitest';

import { AUTH_MESSAGES, MESSAGES, USER_ACCOUNT_MESSAGES } from '@paisable/contracts';

import { FAILURES_PER_ACCOUNT } from '../../src/modules/auth/attempts';
import { CHALLENGE_LIFETIME_MS, CHALLENGE_WRONG_CODES } from '../../src/modules/two-factor/challenge';
import { totpCode } from '../../src/modules/two-factor/totp';
import { appRouter } from '../../src/router';
import { createCallerFactory } from '../../src/trpc/init';
import { createTestDeps, randomClientIp, seedUser, TEST_PASSWORD } from '../helpers';

// The clock is the test's: codes are made for the time the server sees, and steps move when the test says.
let nowMs = Date.parse('2026-06-01T09:00:05Z');
const STEP = 30_000;
const deps = createTestDeps(() => new Date(nowMs));
const createCaller = createCallerFactory(appRouter);

function callerFrom(ip: string, token?: string) {
  return createCaller({
    ...deps,
    authorization: token ? `Bearer ${token}` : undefined,
    client: { ip, userAgent: 'Test browser' },
  });
}

const codeNow = (secret: string, offsetSteps = 0) => totpCode(secret, new Date(nowMs + offsetSteps * STEP));

/** A user with two-factor sign-in on: their secret, recovery codes and a signed-in caller. */
async function userWithTwoFactor() {
  const { email, token } = await seedUser(deps);
  const me = callerFrom(randomClientIp(), token);
  const { secret, uri } = await me.twoFactor.setup();
  expect(uri).toContain(`secret=${secret}`);
  const { recoveryCodes } = await me.twoFactor.enable({ code: await codeNow(secret) });
  nowMs += 3 * STEP; // the steps around the test's next codes were never used
  return { email, secret, recoveryCodes, me };
}

async function passwordStep(email: string, ip = randomClientIp()) {
  const result = await callerFrom(ip).auth.login({ email, password: TEST_PASSWORD });
  if (!('challenge' in result)) throw new Error('Expected the code step.');
  return result.challenge;
}

describe('two-factor sign-in over tRPC', () => {
  it('is off until a code from the app confirms the setup; then sign-in asks for a code', async () => {
    const { email, token } = await seedUser(deps);
    const me = callerFrom(randomClientIp(), token);
    expect(await me.twoFactor.status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { secret } = await me.twoFactor.setup();
    // A setup not confirmed changes nothing at sign-in.
    expect(await callerFrom(randomClientIp()).auth.login({ email, password: TEST_PASSWORD })).toHaveProperty(
      'token',
    );
    await expect(
      me.twoFactor.enable({ code: '000000' === (await codeNow(secret)) ? '111111' : '000000' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: AUTH_MESSAGES.wrongTwoFactorCode,
    });
    const enabled = await me.twoFactor.enable({ code: await codeNow(secret) });
    expect(enabled.recoveryCodes).toHaveLength(10);
    expect(await me.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    await expect(me.twoFactor.setup()).rejects.toMatchObject({ code: 'CONFLICT' });

    nowMs += STEP;
    const ip = randomClientIp();
    const first = await callerFrom(ip).auth.login({ email, password: TEST_PASSWORD });
    expect(first).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first).not.toHaveProperty('token');
    const challenge = 'challenge' in first ? first.challenge : '';
    const { token: signedIn, user } = await callerFrom(ip).auth.loginWithCode({
      challenge,
      code: await codeNow(secret),
    });
    expect(user.email).toBe(email);
    expect((await callerFrom(ip, signedIn).auth.me()).email).toBe(email);
    // The challenge was used up with the sign-in.
    await expect(
      callerFrom(ip).auth.loginWithCode({ challenge, code: await codeNow(secret, 1) }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.signInChallengeExpired });
  });

  it('accepts the step before and after, refuses two away and a code used once already (replay)', async () => {
    const { email, secret } = await userWithTwoFactor();
    const ip = randomClientIp();
    const old = await codeNow(secret, -2);
    await expect(
      callerFrom(ip).auth.loginWithCode({ challenge: await passwordStep(email, ip), code: old }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.wrongSignInCode });
    const late = await codeNow(secret, -1);
    const challenge = await passwordStep(email, ip);
    await expect(callerFrom(ip).auth.loginWithCode({ challenge, code: late })).resolves.toHaveProperty(
      'token',
    );
    // The same code again, within its window: refused.
    await expect(
      callerFrom(ip).auth.loginWithCode({ challenge: await passwordStep(email, ip), code: late }),
    ).rejects.toMatchObject({ message: AUTH_MESSAGES.wrongSignInCode });
    const early = await codeNow(secret, 1);
    await expect(
      callerFrom(ip).auth.loginWithCode({ challenge: await passwordStep(email, ip), code: early }),
    ).resolves.toHaveProperty('token');
  });

  it('takes each recovery code once, typed in any case', async () => {
    const { email, recoveryCodes, me } = await userWithTwoFactor();
    const code = recoveryCodes[3] ?? '';
    const ip = randomClientIp();
    const signedIn = await callerFrom(ip).auth.loginWithCode({
      challenge: await passwordStep(email, ip),
      code: code.toUpperCase(),
    });
    expect(signedIn.user.email).toBe(email);
    await expect(
      callerFrom(ip).auth.loginWithCode({ challenge: await passwordStep(email, ip), code }),
    ).rejects.toMatchObject({ message: AUTH_MESSAGES.wrongSignInCode });
    expect(await me.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('makes new recovery codes with the password and a code; the old ones stop working', async () => {
    const { email, secret, recoveryCodes, me } = await userWithTwoFactor();
    const [usedToRegenerate, oldUnused] = recoveryCodes;
    await expect(
      me.twoFactor.regenerateRecoveryCodes({ password: 'Wrong#123', code: usedToRegenerate ?? '' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: AUTH_MESSAGES.wrongCurrentPassword });
    await expect(
      me.twoFactor.regenerateRecoveryCodes({ password: TEST_PASSWORD, code: 'aaaaa-aaaaa' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: AUTH_MESSAGES.wrongTwoFactorCode });
    // A refused request changed nothing: the old codes are all still there.
    expect(await me.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const renewed = await me.twoFactor.regenerateRecoveryCodes({
      password: TEST_PASSWORD,
      code: usedToRegenerate ?? '',
    });
    expect(renewed.message).toBe(AUTH_MESSAGES.recoveryCodesRegenerated);
    expect(renewed.recoveryCodes).toHaveLength(10);
    expect(renewed.recoveryCodes).not.toContain(oldUnused);
    expect(await me.twoFactor.status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const ip = randomClientIp();
    await expect(
      callerFrom(ip).auth.loginWithCode({ challenge: await passwordStep(email, ip), code: oldUnused ?? '' }),
    ).rejects.toMatchObject({ message: AUTH_MESSAGES.wrongSignInCode });
    const signedIn = await callerFrom(ip).auth.loginWithCode({
      challenge: await passwordStep(email, ip),
      code: renewed.recoveryCodes[0] ?? '',
    });
    expect(signedIn.user.email).toBe(email);
    // With an app code too (the secret is unchanged).
    nowMs += 3 * STEP;
    await expect(
      me.twoFactor.regenerateRecoveryCodes({ password: TEST_PASSWORD, code: await codeNow(secret) }),
    ).resolves.toHaveProperty('recoveryCodes');
  });

  it('refuses new recovery codes while two-factor sign-in is off', async () => {
    const { token } = await seedUser(deps);
    await expect(
      callerFrom(randomClientIp(), token).twoFactor.regenerateRecoveryCodes({
        password: TEST_PASSWORD,
        code: '123456',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: AUTH_MESSAGES.twoFactorNotOn });
  });

  it('ends a challenge after 5 wrong codes or 5 minutes: the password is asked again', async () => {
    const { email, secret } = await userWithTwoFactor();
    const ip = randomClientIp();
    let challenge = await passwordStep(email, ip);
    const wrong = (await codeNow(secret)) === '123456' ? '654321' : '123456';
    for (let i = 0; i < CHALLENGE_WRONG_CODES; i += 1) {
      await expect(callerFrom(ip).auth.loginWithCode({ challenge, code: wrong })).rejects.toMatchObject({
        message: AUTH_MESSAGES.wrongSignInCode,
      });
    }
    await expect(
      callerFrom(ip).auth.loginWithCode({ challenge, code: await codeNow(secret) }),
    ).rejects.toMatchObject({ message: AUTH_MESSAGES.signInChallengeExpired });

    challenge = await passwordStep(email, randomClientIp());
    nowMs += CHALLENGE_LIFETIME_MS + 1000;
    await expect(
      callerFrom(ip).auth.loginWithCode({ challenge, code: await codeNow(secret) }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.signInChallengeExpired });
  });

  it('limits wrong codes per account from every address, like wrong passwords', async () => {
    const { email, secret } = await userWithTwoFactor();
    const wrong = async () => ((await codeNow(secret)) === '123456' ? '654321' : '123456');
    let failures = 0;
    while (failures < FAILURES_PER_ACCOUNT) {
      const ip = randomClientIp();
      const challenge = await passwordStep(email, ip);
      for (let i = 0; i < CHALLENGE_WRONG_CODES && failures < FAILURES_PER_ACCOUNT; i += 1, failures += 1) {
        await expect(
          callerFrom(ip).auth.loginWithCode({ challenge, code: await wrong() }),
        ).rejects.toMatchObject({ message: AUTH_MESSAGES.wrongSignInCode });
      }
    }
    // Even a right password, then a right code, from a new address: refused until the quarter hour passes.
    await expect(
      callerFrom(randomClientIp()).auth.login({ email, password: TEST_PASSWORD }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    nowMs += 15 * 60_000 + 1000;
    const ip = randomClientIp();
    await expect(
      callerFrom(ip).auth.loginWithCode({
        challenge: await passwordStep(email, ip),
        code: await codeNow(secret),
      }),
    ).resolves.toHaveProperty('token');
  });

  it('asks for a code to change the password and to erase the account', async () => {
    const { email, secret, me } = await userWithTwoFactor();
    const newPassword = 'Better#456';
    await expect(
      me.auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: AUTH_MESSAGES.twoFactorCodeRequired,
    });
    await expect(
      me.auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword, code: '999999' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: AUTH_MESSAGES.wrongTwoFactorCode });
    // Nothing changed: the old password still signs in.
    await passwordStep(email);
    expect(
      await me.auth.changePassword({
        currentPassword: TEST_PASSWORD,
        newPassword,
        code: await codeNow(secret),
      }),
    ).toEqual({ message: AUTH_MESSAGES.passwordChanged });

    nowMs += STEP;
    await expect(me.users.deleteAccount({ password: newPassword })).rejects.toMatchObject({
      message: AUTH_MESSAGES.twoFactorCodeRequired,
    });
    expect(await me.users.deleteAccount({ password: newPassword, code: await codeNow(secret) })).toEqual({
      message: USER_ACCOUNT_MESSAGES.deleted,
    });
    await expect(
      callerFrom(randomClientIp()).auth.login({ email, password: newPassword }),
    ).rejects.toMatchObject({
      message: MESSAGES.invalidCredentials,
    });
  });

  it('turns off with the password and a code, then sign-in gives a token at once', async () => {
    const { email, secret, recoveryCodes, me } = await userWithTwoFactor();
    await expect(
      me.twoFactor.disable({ password: 'Wrong#1234', code: await codeNow(secret) }),
    ).rejects.toMatchObject({
      message: AUTH_MESSAGES.wrongCurrentPassword,
    });
    await expect(me.twoFactor.disable({ password: TEST_PASSWORD, code: '000000' })).rejects.toMatchObject({
      message: AUTH_MESSAGES.wrongTwoFactorCode,
    });
    expect((await me.twoFactor.status()).enabled).toBe(true);
    // A recovery code does it too (a lost phone).
    expect(await me.twoFactor.disable({ password: TEST_PASSWORD, code: recoveryCodes[0] ?? '' })).toEqual({
      message: AUTH_MESSAGES.twoFactorDisabled,
    });
    expect(await me.twoFactor.status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await callerFrom(randomClientIp()).auth.login({ email, password: TEST_PASSWORD })).toHaveProperty(
      'token',
    );
    await expect(me.twoFactor.disable({ password: TEST_PASSWORD, code: '000000' })).rejects.toMatchObject({
      message: AUTH_MESSAGES.twoFactorNotOn,
    });
  });

  it('keeps the secret sealed: another server key cannot read it, and recovery codes still sign in', async () => {
    const { email, recoveryCodes, secret } = await userWithTwoFactor();
    const { createSecretBox } = await import('../../src/lib/secret-box');
    const otherServer = createCallerFactory(appRouter)({
      ...deps,
      secrets: createSecretBox('another key of at least thirty-two characters'),
      authorization: undefined,
      client: { ip: randomClientIp() },
    });
    const first = await otherServer.auth.login({ email, password: TEST_PASSWORD });
    const challenge = 'challenge' in first ? first.challenge : '';
    await expect(
      otherServer.auth.loginWithCode({ challenge, code: await codeNow(secret) }),
    ).rejects.toMatchObject({
      message: AUTH_MESSAGES.wrongSignInCode,
    });
    await expect(
      otherServer.auth.loginWithCode({ challenge, code: recoveryCodes[1] ?? '' }),
    ).resolves.toHaveProperty('token');
  });
});
