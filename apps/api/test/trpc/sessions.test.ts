import { describe, expect, it } from 'vitest';

import { AUTH_MESSAGES, MESSAGES } from '@paisable/contracts';

import { appRouter } from '../../src/router';
import { createCallerFactory } from '../../src/trpc/init';
import { createTestDeps, randomClientIp, seedUser, TEST_PASSWORD } from '../helpers';

const deps = createTestDeps();
const createCaller = createCallerFactory(appRouter);
const anonymous = createCaller({ ...deps, authorization: undefined, client: { ip: randomClientIp() } });

function callerWith(token: string, userAgent = 'Test browser') {
  return createCaller({
    ...deps,
    authorization: `Bearer ${token}`,
    client: { ip: randomClientIp(), userAgent },
  });
}

async function signIn(email: string, password = TEST_PASSWORD, userAgent = 'Test browser') {
  const caller = createCaller({
    ...deps,
    authorization: undefined,
    client: { ip: randomClientIp(), userAgent },
  });
  const result = await caller.auth.login({ email, password });
  if (!('token' in result)) throw new Error('This account has no two-factor sign-in.');
  return callerWith(result.token, userAgent);
}

async function expectSignedOut(caller: ReturnType<typeof callerWith>) {
  await expect(caller.auth.me()).rejects.toMatchObject({
    code: 'UNAUTHORIZED',
    message: MESSAGES.tokenFailed,
  });
  await expect(caller.auth.setup({ defaultCurrency: 'EUR' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
}

describe('session procedures', () => {
  it('auth.logout ends this session only', async () => {
    const { email } = await seedUser(deps);
    const here = await signIn(email);
    const there = await signIn(email);
    await here.auth.me();
    expect(await here.auth.logout()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    await expectSignedOut(here);
    expect((await there.auth.me()).email).toBe(email);
  });

  it('auth.sessions lists them; auth.endSession and auth.endOtherSessions sign them out', async () => {
    const { email } = await seedUser(deps);
    const phone = await signIn(email, TEST_PASSWORD, 'Phone');
    const tablet = await signIn(email, TEST_PASSWORD, 'Tablet');
    const laptop = await signIn(email, TEST_PASSWORD, 'Laptop');
    const { sessions } = await laptop.auth.sessions();
    expect(sessions.find((session) => session.current)?.userAgent).toBe('Laptop');
    const phoneSession = sessions.find((session) => session.userAgent === 'Phone');
    expect(await laptop.auth.endSession({ id: phoneSession?.id ?? '' })).toEqual({
      message: AUTH_MESSAGES.sessionEnded,
    });
    await expectSignedOut(phone);
    await expect(laptop.auth.endSession({ id: phoneSession?.id ?? '' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await laptop.auth.endOtherSessions()).toEqual({ message: AUTH_MESSAGES.sessionsEnded, ended: 2 });
    await expectSignedOut(tablet);
    expect((await laptop.auth.sessions()).sessions).toHaveLength(1);
  });

  it('auth.changePassword asks the current password and signs out every other session', async () => {
    const { email } = await seedUser(deps);
    const here = await signIn(email);
    const there = await signIn(email);
    await expect(
      here.auth.changePassword({ currentPassword: 'Wrong#123', newPassword: 'Better#456' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: AUTH_MESSAGES.wrongCurrentPassword });
    await expect(
      here.auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'short1!' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(MESSAGES.passwordLength),
    });
    expect((await there.auth.me()).email).toBe(email);

    expect(
      await here.auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'Better#456' }),
    ).toEqual({ message: AUTH_MESSAGES.passwordChanged });
    await expectSignedOut(there);
    expect((await here.auth.me()).email).toBe(email);
    await expect(anonymous.auth.login({ email, password: TEST_PASSWORD })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await signIn(email, 'Better#456');
  });

  it('auth.renew gives a new token for the same session', async () => {
    const { email } = await seedUser(deps);
    const first = await signIn(email);
    const before = (await first.auth.sessions()).sessions.find((session) => session.current);
    const { token } = await first.auth.renew();
    const renewed = callerWith(token);
    const after = (await renewed.auth.sessions()).sessions.find((session) => session.current);
    expect(after?.id).toBe(before?.id);
  });
});
