import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

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

const deps = createTestDeps();
const createCaller = createCallerFactory(appRouter);
const anonymous = createCaller({ ...deps, authorization: undefined, client: { ip: randomClientIp() } });

describe('auth procedures', () => {
  it('signs up, completes setup and reads the user back', async () => {
    const email = uniqueEmail();
    const { token, user } = await anonymous.auth.signup({
      email,
      password: TEST_PASSWORD,
      timeZone: 'Asia/Kolkata',
    });
    expect(user).toMatchObject({ email, isSetupComplete: false, timeZone: 'Asia/Kolkata' });

    const caller = createCaller({
      ...deps,
      authorization: `Bearer ${token}`,
      client: { ip: randomClientIp() },
    });
    await caller.auth.setup({ defaultCurrency: 'INR' });
    expect(await caller.auth.me()).toMatchObject({ defaultCurrency: 'INR', isSetupComplete: true });
  });

  it('reports typed errors: BAD_REQUEST with the spec text, UNAUTHORIZED, CONFLICT', async () => {
    await expect(
      anonymous.auth.signup({ email: 'x@invalid.com', password: TEST_PASSWORD }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(anonymous.auth.me()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: MESSAGES.noToken,
    });
    const { email } = await seedUser(deps);
    await expect(anonymous.auth.signup({ email, password: TEST_PASSWORD })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: MESSAGES.userExists,
    });
    await expect(anonymous.auth.login({ email, password: 'nope' })).rejects.toBeInstanceOf(TRPCError);
  });

  it('changes the display currency and time zone through preferences', async () => {
    const { authorization } = await seedUser(deps);
    const caller = createCaller({ ...deps, authorization, client: { ip: randomClientIp() } });
    const user = await caller.auth.updatePreferences({
      defaultCurrency: 'JPY',
      timeZone: 'America/Los_Angeles',
    });
    expect(user).toMatchObject({ defaultCurrency: 'JPY', timeZone: 'America/Los_Angeles' });
    await expect(caller.auth.updatePreferences({ timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await caller.auth.me()).toMatchObject({ timeZone: 'America/Los_Angeles' });
    // An empty change (a form saved untouched) keeps everything and answers with the user.
    expect(await caller.auth.updatePreferences({})).toMatchObject({
      defaultCurrency: 'JPY',
      timeZone: 'America/Los_Angeles',
    });
  });
});

describe('tRPC over HTTP', () => {
  it('sends the first validation message as the error message and no stack trace', async () => {
    const { app } = await createTestApp(deps);
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signup',
      payload: { email: 'me@example.com', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe(MESSAGES.blockedDomain);
    expect(error.data.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(error)).not.toContain('stack');
  });
});
