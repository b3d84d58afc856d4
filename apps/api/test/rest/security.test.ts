import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { JSON_MAX_DEPTH, MESSAGES } from '@paisable/contracts';

import { buildApp } from '../../src/app';
import { inlineScriptHashes } from '../../src/lib/security';
import { nestedArrays, tooDeepLogins } from '../fuzz/hostile-input';
import { createTestDeps, seedUser, TEST_PASSWORD } from '../helpers';

const deps = createTestDeps();
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-web-'));
const inlineScript = "document.documentElement.classList.add('dark');";
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
);
const app = await buildApp(deps, { webDist, corsOrigins: ['https://budget.example.org'] });
afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('send a CSP that allows only our own scripts and the hashed inline theme script', async () => {
    const response = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(inlineScriptHashes(`<script>${inlineScript}</script>`)[0]);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS only when the request came over TLS', async () => {
    const proxied = await buildApp(deps, { trustProxy: 1 });
    afterAll(() => proxied.close());
    const response = await proxied.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    // API answers carry the same headers as pages.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('CORS', () => {
  it('answers a configured origin', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://budget.example.org', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('https://budget.example.org');
  });

  it('gives no CORS permission to any other origin', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.net' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('deeply nested JSON', () => {
  const login = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('is refused with a 400 before it is parsed, and the server keeps answering', async () => {
    const { email } = await seedUser(deps);
    for (const payload of tooDeepLogins({ email, password: TEST_PASSWORD })) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.jsonTooDeep });
    }
    // Outside the API too (a page's address): a 400, not a 500.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/dashboard',
      headers: { 'content-type': 'application/json' },
      payload: nestedArrays(20_000),
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ message: MESSAGES.jsonTooDeep });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await login(JSON.stringify({ email, password: TEST_PASSWORD }))).statusCode).toBe(200);
  });

  it(`accepts ${JSON_MAX_DEPTH} levels, not one more, and still refuses prototype keys`, async () => {
    const { email } = await seedUser(deps);
    const withExtra = (depth: number) =>
      // The login object is the first level; its extra field (ignored by the schema) holds the rest.
      JSON.stringify({ email, password: TEST_PASSWORD }).replace('}', `,"extra":${nestedArrays(depth - 1)}}`);

    expect((await login(withExtra(JSON_MAX_DEPTH))).statusCode).toBe(200);
    expect((await login(withExtra(JSON_MAX_DEPTH + 1))).json()).toEqual({ message: MESSAGES.jsonTooDeep });
    // Brackets inside strings are text, not nesting: this is only a wrong password.
    const bracketsInText = await login(JSON.stringify({ email, password: `"\\[${'['.repeat(1000)}` }));
    expect(bracketsInText.statusCode).toBe(401);
    expect(bracketsInText.json()).toEqual({ message: MESSAGES.invalidCredentials });
    // Fastify's own protection stays: a `__proto__` key is refused, not merged into an object.
    const poisoned = await login(
      `{"email":"${email}","password":"${TEST_PASSWORD}","__proto__":{"admin":true}}`,
    );
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('caching of API answers', () => {
  it('forbids keeping any answer of /api or /trpc, the signed-in ones above all', async () => {
    const { authorization, email } = await seedUser(deps);
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } }),
      app.inject({ method: 'GET', url: '/api/transactions', headers: { authorization } }),
      app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization } }),
      app.inject({ method: 'GET', url: '/api/auth/me' }),
      // The answer holds a token though the request carried none.
      app.inject({
        method: 'POST',
        url: '/api/auth/login',

        payload: { email, password: TEST_PASSWORD },
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    // The web app's pages keep their own caching.
    const page = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
