import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@paisable/contracts';

import { deleteAccount } from '../../src/modules/users/service';
import { createTestApp, seedUser, TEST_PASSWORD, uniqueEmail } from '../helpers';

const { app, deps } = await createTestApp();

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

describe('POST /api/auth/signup', () => {
  it('creates the user and answers 201 with _id, email and a token', async () => {
    const email = uniqueEmail();
    const response = await post('/api/auth/signup', { email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ email, isSetupComplete: false, defaultCurrency: 'USD' });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.token).toEqual(expect.any(String));
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('stores the e-mail lower-cased and refuses the same address in other case with 409', async () => {
    const email = uniqueEmail('MixedCase');
    const first = await post('/api/auth/signup', { email, password: TEST_PASSWORD });
    expect(first.json().email).toBe(email.toLowerCase());
    const again = await post('/api/auth/signup', { email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MESSAGES.userExists });
  });

  it.each([
    ['an e-mail without a domain', { email: 'someone@', password: TEST_PASSWORD }, MESSAGES.invalidEmail],
    ['an e-mail with a space', { email: 'some one@x.io', password: TEST_PASSWORD }, MESSAGES.invalidEmail],
    ['a missing e-mail', { password: TEST_PASSWORD }, MESSAGES.invalidEmail],
    ['an object as e-mail', { email: { $gt: '' }, password: TEST_PASSWORD }, MESSAGES.invalidEmail],
    ['a blocked domain', { email: 'me@example.com', password: TEST_PASSWORD }, MESSAGES.blockedDomain],
    [
      'a blocked domain in capitals',
      { email: 'me@TEST.Com', password: TEST_PASSWORD },
      MESSAGES.blockedDomain,
    ],
    ['a 7-character password', { email: uniqueEmail(), password: 'Ab1!xyz' }, MESSAGES.passwordLength],
    [
      'a 17-character password',
      { email: uniqueEmail(), password: 'Ab1!xyzxyzxyzxyzx' },
      MESSAGES.passwordLength,
    ],
    [
      'a password without a symbol',
      { email: uniqueEmail(), password: 'abc12345' },
      MESSAGES.passwordCharacters,
    ],
    [
      'a password without a digit',
      { email: uniqueEmail(), password: 'abcdefg!' },
      MESSAGES.passwordCharacters,
    ],
    [
      'a password without a letter',
      { email: uniqueEmail(), password: '1234567!' },
      MESSAGES.passwordCharacters,
    ],
  ])('refuses %s with 400 and the spec message', async (_case, payload, message) => {
    const response = await post('/api/auth/signup', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('accepts an underscore as the symbol', async () => {
    const response = await post('/api/auth/signup', { email: uniqueEmail(), password: 'abc_12345' });
    expect(response.statusCode).toBe(201);
  });

  it('answers malformed JSON with a 400 JSON message, not an HTML page', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('answers a request without a body with the first validation message', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/signup' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.invalidEmail });
  });
});

describe('POST /api/auth/login', () => {
  it('answers 200 with the token and the setup state', async () => {
    const { email } = await seedUser(deps, { setupComplete: false });
    const response = await post('/api/auth/login', { email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, isSetupComplete: false, defaultCurrency: 'USD' });
    expect(response.json().token).toEqual(expect.any(String));
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 message', async () => {
    const { email } = await seedUser(deps);
    const wrong = await post('/api/auth/login', { email, password: 'Wrong#123' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail(), password: TEST_PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.invalidCredentials });
    }
  });

  it('requires both fields', async () => {
    const response = await post('/api/auth/login', { email: 'someone@paisable.dev' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.loginFieldsRequired });
  });

  it('refuses an operator object instead of an e-mail', async () => {
    const response = await post('/api/auth/login', { email: { $ne: null }, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/auth/me', () => {
  it('returns the signed-in user without secrets', async () => {
    const { authorization, user } = await seedUser(deps);
    const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: user.id, email: user.email, isSetupComplete: true });
    expect(JSON.stringify(response.json())).not.toMatch(/argon2|password/i);
  });

  it.each([
    ['no header', {}, MESSAGES.noToken],
    ['a header without Bearer', { authorization: 'Token abc' }, MESSAGES.noToken],
    ['a bare Bearer', { authorization: 'Bearer' }, MESSAGES.noToken],
    [
      'a forged token',
      { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
      MESSAGES.tokenFailed,
    ],
  ])('answers 401 for %s', async (_case, headers, message) => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message });
  });

  it('refuses the token of a user who no longer exists', async () => {
    const { authorization, user } = await seedUser(deps);
    await deleteAccount(deps, { userId: user.id });
    const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.tokenFailed });
  });
});

describe('PUT /api/auth/setup', () => {
  it('saves the currency, completes setup and answers the updated user', async () => {
    const { authorization, user } = await seedUser(deps, { setupComplete: false });
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/setup',
      headers: { authorization },
      payload: { defaultCurrency: 'EUR' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: user.id, defaultCurrency: 'EUR', isSetupComplete: true });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    expect(me.json()).toMatchObject({ defaultCurrency: 'EUR', isSetupComplete: true });
  });

  it('takes any active ISO 4217 currency, not only the seven offered first (Bahraini dinars)', async () => {
    const { authorization } = await seedUser(deps, { setupComplete: false });
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/setup',
      headers: { authorization },
      payload: { defaultCurrency: 'BHD' },
    });
    expect(response.statusCode).toBe(200);
    // A budget is in the display currency, so it takes the dinar's three decimals.
    const budget = await app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: { authorization },
      payload: { category: 'Food', amount: '1.234', month: 3, year: 2026 },
    });
    expect(budget.statusCode).toBe(201);
    expect(budget.json()).toMatchObject({ amount: 1.234, currency: 'BHD' });
  });

  it.each([
    [{}, MESSAGES.currencyRequired],
    [{ defaultCurrency: '' }, MESSAGES.currencyRequired],
    [{ defaultCurrency: 'XYZ' }, MESSAGES.currencyUnsupported],
    // Retired (the Deutsche Mark): no rates are published for it, so nothing could be converted into it.
    [{ defaultCurrency: 'DEM' }, MESSAGES.currencyUnsupported],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const { authorization } = await seedUser(deps, { setupComplete: false });
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/setup',
      headers: { authorization },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    expect(me.json()).toMatchObject({ defaultCurrency: 'USD', isSetupComplete: false });
  });

  it('needs a token', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/auth/setup',
      payload: { defaultCurrency: 'EUR' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('unknown routes', () => {
  it('answer 404 with a JSON message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET /api/nope not found' });
  });
});
