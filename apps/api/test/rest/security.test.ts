import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { inlineScriptHashes } from '../../src/lib/security';
import { createTestDeps } from '../helpers';

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
    const proxied = await buildApp(deps, { trustProxy: true });
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
