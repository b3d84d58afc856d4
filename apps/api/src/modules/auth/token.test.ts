import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { createTokenService } from './token';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const USER = '7a0c4c0e-2f43-4a8e-9a51-3f4f3c1d2b10';
const DAY = 24 * 60 * 60 * 1000;

function clock(start: string) {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

describe('tokens', () => {
  it('accepts its own token for 30 days, also when asked again, and not a moment after', async () => {
    const time = clock('2026-01-01T00:00:00Z');
    const tokens = createTokenService(SECRET, time.now);
    const token = await tokens.issue(USER);
    expect(await tokens.verify(token)).toBe(USER);
    time.advance(30 * DAY - 1000);
    expect(await tokens.verify(token)).toBe(USER);
    time.advance(2000);
    expect(await tokens.verify(token)).toBeNull();
    // A fresh service (another API process) agrees.
    expect(await createTokenService(SECRET, time.now).verify(token)).toBeNull();
  });

  it('refuses a token changed in any part after the original was accepted', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.issue(USER);
    expect(await tokens.verify(token)).toBe(USER);
    const [header = '', payload = '', signature = ''] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: 'someone-else', iss: 'paisable' })).toString(
      'base64url',
    );
    // The second-to-last character carries 6 signature bits (the last one only 4): always a real change.
    const replaced = signature.at(-2) === 'A' ? 'B' : 'A';
    const flipped = `${signature.slice(0, -2)}${replaced}${signature.slice(-1)}`;
    expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await tokens.verify(token.slice(0, -1))).toBeNull();
  });

  it('refuses tokens of another secret, another issuer, without expiry, or with alg none', async () => {
    const tokens = createTokenService(SECRET);
    expect(await tokens.verify(await createTokenService(`${SECRET}-other`).issue(USER))).toBeNull();
    const key = createSecretKey(Buffer.from(SECRET));
    const signed = (build: (jwt: SignJWT) => SignJWT) =>
      build(new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(USER)).sign(key);
    expect(
      await tokens.verify(await signed((jwt) => jwt.setIssuer('elsewhere').setExpirationTime('1h'))),
    ).toBeNull();
    expect(await tokens.verify(await signed((jwt) => jwt.setIssuer('paisable')))).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: USER, iss: 'paisable', exp: 4102444800 }),
    ).toString('base64url')}.`;
    expect(await tokens.verify(none)).toBeNull();
  });
});
