import fastifyCompress from '@fastify/compress';
import { TRPCError } from '@trpc/server';
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';

import { MESSAGES } from '@paisable/contracts';

import type { AppDeps } from './deps';
import { isClientGone } from './lib/client-gone';
import { AppError } from './lib/errors';
import { idempotencyKeyOf } from './lib/idempotency';
import { refuseDeepJsonBodies, requestJsonTooDeep } from './lib/json-depth';
import { registerSecurity } from './lib/security';
import { fastifyTrustProxy, type TrustProxy } from './lib/trust-proxy';
import { readWebApp, serveWebApp } from './lib/web-app';
import { restRoutes } from './rest-routes';
import { restApi } from './rest/register';
import { appRouter } from './router';
import { trpcOverFastify } from './trpc/fastify';

export type AppOptions = {
  /** The built web app (apps/web/dist): prerendered pages, else index.html for client routes. */
  webDist?: string;
  /** False: browsers that run the web app's service worker are told to drop it (its kill switch). */
  serviceWorker?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Origins allowed to call the API from another site (CORS); same origin only when empty. */
  corsOrigins?: string[];
  /** Behind reverse proxies: how many, or their addresses (lib/trust-proxy.ts); never every hop. */
  trustProxy?: TrustProxy;
};

/** Builds the whole HTTP app from its dependencies without listening, so tests can `inject`. */
export async function buildApp(deps: AppDeps, options: AppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  });

  // Before any route or scope is added, so that every one of them inherits the parser and the error
  // handler (a scope keeps the handler its parent had when it was registered; the REST API sets its own).
  refuseDeepJsonBodies(app);
  app.setErrorHandler((error, request, reply) => {
    if (isClientGone(error, reply)) {
      request.log.info('the client closed the connection before its answer');
      return;
    }
    // A body the client got wrong on any other path (not JSON, nested too deeply) is its mistake, not ours.
    if (error instanceof Error) {
      const status = error instanceof AppError ? error.status : (error as FastifyError).statusCode;
      if (status !== undefined && status >= 400 && status < 500) {
        return reply.status(status).send({ message: error.message });
      }
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: MESSAGES.serverError });
  });
  const web = readWebApp(options.webDist);
  await registerSecurity(app, { corsOrigins: options.corsOrigins ?? [], html: web?.html ?? [] });
  // JSON answers above 1 KB travel compressed (a transactions page shrinks about 8×); registered before
  // the routes, since it hooks each route as it is added. Static files come precompressed from the build.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    // Request bodies are read as sent; only answers are compressed.
    globalDecompression: false,
  });

  await app.register(
    trpcOverFastify({
      router: appRouter,
      createContext: (req) => {
        // tRPC parses its JSON itself, after making the context: too deep a nesting is refused before that.
        if (requestJsonTooDeep(req))
          throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.jsonTooDeep });
        const client = { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' };
        return {
          ...deps,
          authorization: req.headers.authorization,
          client,
          idempotencyKey: idempotencyKeyOf(req.headers),
        };
      },
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, procedure }, 'tRPC error');
      },
    }),
    { prefix: '/trpc' },
  );

  await app.register(restApi(deps, restRoutes), { prefix: '/api' });

  if (options.webDist && web) {
    await serveWebApp(app, options.webDist, web.pages, { serviceWorker: options.serviceWorker ?? true });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
  }

  return app;
}
