import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { inlineScriptHashes } from '../../src/lib/security';
import { createTestDeps } from '../helpers';

// A built web app as `vite build` and the prerender step leave it: hashed assets with .br and .gz copies,
// the shell, prerendered public pages, an unhashed favicon.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'paisable-web-app-'));
const script = `console.log(${JSON.stringify('paisable '.repeat(400))});`;
const landingScript = "window.__early = 'landing';";
function writeWithCopies(relative: string, text: string) {
  const file = path.join(webDist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}
writeWithCopies('assets/index-Ab12Cd34.js', script);
writeWithCopies('index.html', '<!doctype html><html><body><div id="root"></div>shell</body></html>');
writeWithCopies(
  'pages/index.html',
  `<!doctype html><html><head><script>${landingScript}</script></head><body><div id="root"><h1>Take Control</h1></div></body></html>`,
);
writeWithCopies(
  'pages/login.html',
  '<!doctype html><html><body><div id="root">Welcome Back</div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'favicon-light.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeWithCopies('sw.js', "self.__precache = ['/index.html']; // precache");
const killSwitch = "self.addEventListener('activate', () => self.registration.unregister());";
fs.writeFileSync(path.join(webDist, 'sw-kill-switch.js'), killSwitch);
fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Paisable"}');

const app = await buildApp(createTestDeps(), { webDist });
afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('serves a hashed asset brotli-compressed to a browser that takes br, cached for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('serves gzip to a browser without br, and the plain file to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the prerendered landing page at / (compressed, revalidated) and allows its inline script', async () => {
    const response = await get('/', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>Take Control</h1>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(inlineScriptHashes(`<script>${landingScript}</script>`)[0]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('serves each prerendered page at its route, and the shell for other client routes', async () => {
    expect((await get('/login')).body).toContain('Welcome Back');
    expect((await get('/login/')).body).toContain('Welcome Back');
    const dashboard = await get('/dashboard?from=link', 'gzip');
    expect(dashboard.headers['content-encoding']).toBe('gzip');
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(dashboard.rawPayload).toString()).toContain('shell');
  });

  it('asks the browser to revalidate unhashed files such as the favicon', async () => {
    const response = await get('/favicon-light.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers above 1 KB and leaves small ones as they are', async () => {
    const large = await get('/api/openapi.json', 'gzip');
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(large.rawPayload).toString())).toHaveProperty('openapi');
    const small = await get('/api/health', 'gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();
  });

  it('answers a missing API path and a POST to a page with a JSON 404', async () => {
    const missing = await app.inject({ method: 'POST', url: '/dashboard' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });
});

describe("the web app's service worker", () => {
  it('is served at the root, checked again on every visit, under a CSP that lets it and the manifest load', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.body).toContain('precache');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const csp = String((await get('/dashboard')).headers['content-security-policy']);
    // No worker-src or manifest-src of its own: both fall back to the same-origin-only defaults.
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/worker-src|manifest-src/);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('with SERVICE_WORKER=false, is replaced by the kill switch that removes it and its caches', async () => {
    const withoutWorker = await buildApp(createTestDeps(), { webDist, serviceWorker: false });
    try {
      const worker = await withoutWorker.inject({ method: 'GET', url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.body).toBe(killSwitch);
      expect(worker.headers['cache-control']).toBe('no-cache');
      // The rest of the app is served as before.
      expect((await withoutWorker.inject({ method: 'GET', url: '/login' })).body).toContain('Welcome Back');
    } finally {
      await withoutWorker.close();
    }
  });
});
