import { createHash } from 'node:crypto';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export type SecurityOptions = {
  /** Origins allowed to call the API from another site; none by default (same origin only). */
  corsOrigins: string[];
  /** The built web app's HTML documents: their inline scripts are allowed by hash, nothing else inline. */
  html: string[];
};

/**
 * Security headers (CSP the built app passes, HSTS behind TLS, no caching of API answers) and CORS limited
 * to configured origins.
 */
export async function registerSecurity(app: FastifyInstance, { corsOrigins, html }: SecurityOptions) {
  // helmet itself, made once: @fastify/helmet builds a new helmet (parsing the CSP) on every request,
  // which was 5 % of the server's time on a transactions page.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...new Set(html.flatMap(inlineScriptHashes))],
        // Charts and a few components set style attributes; no inline <style> from users is ever rendered.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense once the site is served over TLS; added per request below.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (isApiRequest(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(cors, {
    origin: corsOrigins.length > 0 ? corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    maxAge: 600,
  });
}

/**
 * The API's answers are one user's data, or a token (login and sign-up answer one to a request that
 * carries none): no browser or proxy may keep them. A route that chose its own caching keeps it; the web
 * app's files, outside these paths, keep theirs.
 */
function isApiRequest(url: string): boolean {
  return /^\/(api|trpc)(\/|\?|$)/.test(url);
}

/** 'sha256-…' sources for every inline <script> of the page. */
export function inlineScriptHashes(html: string | undefined): string[] {
  if (!html) return [];
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}
