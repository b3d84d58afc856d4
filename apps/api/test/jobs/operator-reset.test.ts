import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { runAdmin } from '../../src/admin';
import { authenticate } from '../../src/lib/authenticate';
import { AppError } from '../../src/lib/errors';
import { login } from '../../src/modules/auth/service';
import { enableTwoFactor, startTwoFactorSetup } from '../../src/modules/two-factor/service';
import { totpCode } from '../../src/modules/two-factor/totp';
import { createTestDeps, randomClientIp, seedUser, TEST_PASSWORD } from '../helpers';

const deps = createTestDeps();

function captured() {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    output: { out: (line: string) => lines.push(line), err: (line: string) => errors.push(line) },
  };
}

describe('paisable-admin reset-password', () => {
  it('sets a temporary password under the sign-up rules and signs the account out everywhere', async () => {
    const { email, authorization } = await seedUser(deps);
    const run = captured();
    expect(await runAdmin(['reset-password', email.toUpperCase()], deps.db, run.output)).toBe(0);
    const temporary = /: (\S+)$/.exec(run.lines[0] ?? '')?.[1] ?? '';
    expect(temporary).toHaveLength(16);
    expect(run.lines[1]).toMatch(/^1 session\(s\) signed out\./);

    const refused = await authenticate(deps, authorization).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(MESSAGES.tokenFailed);
    const client = { ip: randomClientIp() };
    await expect(login(deps, { email, password: TEST_PASSWORD, client })).rejects.toMatchObject({
      message: MESSAGES.invalidCredentials,
    });
    expect(await login(deps, { email, password: temporary, client })).toMatchObject({ user: { email } });
  });

  it('disable-two-factor lets the password alone sign in again', async () => {
    const { email, user } = await seedUser(deps);
    const { secret } = await startTwoFactorSetup(deps, { userId: user.id });
    await enableTwoFactor(deps, {
      userId: user.id,
      code: await totpCode(secret, new Date()),
      client: { ip: randomClientIp() },
    });
    const client = { ip: randomClientIp() };
    expect(await login(deps, { email, password: TEST_PASSWORD, client })).toHaveProperty('challenge');
    const run = captured();
    expect(await runAdmin(['disable-two-factor', email], deps.db, run.output)).toBe(0);
    expect(run.lines).toEqual([`Two-factor sign-in is off for ${email}.`]);
    expect(await login(deps, { email, password: TEST_PASSWORD, client })).toHaveProperty('token');
    expect(await runAdmin(['disable-two-factor', email], deps.db, run.output)).toBe(0);
    expect(run.lines[1]).toBe(`${email} had no two-factor sign-in.`);
  });

  it('names an unknown e-mail and wrong usage, changing nothing', async () => {
    const run = captured();
    expect(await runAdmin(['reset-password', 'nobody-here@paisable.dev'], deps.db, run.output)).toBe(1);
    expect(run.errors).toEqual(['No account has the e-mail nobody-here@paisable.dev.']);
    expect(await runAdmin(['reset-everything'], deps.db, run.output)).toBe(2);
    expect(run.errors[1]).toMatch(/^Usage: pnpm paisable-admin reset-password EMAIL/);
  });
});
