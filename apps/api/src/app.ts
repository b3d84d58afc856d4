import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyServerOptions } from 'fastify';

import { MESSAGES } from '@paisable/contracts';

import type { AppDeps } from './deps';
import { registerSecurity } from './lib/security';
import { restRoutes } from './rest-routes';
import { restApi } from './rest/register';
import { appRouter, type AppRouter } from './router';

export type AppOptions = {
  /** The built web app (apps/web/dist); served with a fallback to index.html for client routes. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Origins allowed to call the API from another site (CORS); same origin only when empty. */
  corsOrigins?: string[];
  /** Behind a reverse proxy: trust X-Forwarded-* for the client address and https. */
  trustProxy?: boolean;
};

/** Builds the whole HTTP app from its dependencies without listening, so tests can `inject`. */
export async function buildApp(deps: AppDeps, options: AppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  });

  const indexHtml = options.webDist ? path.join(options.webDist, 'index.html') : undefined;
  const shell = indexHtml && fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, 'utf8') : undefined;
  await registerSecurity(app, { corsOrigins: options.corsOrigins ?? [], indexHtml: shell });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => ({
        ...deps,
        authorization: req.headers.authorization,
        client: { ip: req.ip },
      }),
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, procedure }, 'tRPC error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(restApi(deps, restRoutes), { prefix: '/api' });

  if (options.webDist && shell) {
    await app.register(fastifyStatic, { root: options.webDist, wildcard: false, index: false });
    // Client-side routes (/dashboard, /login, …) all load the same shell; the router picks the page.
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send({ message: 'Not found' });
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shell);
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found' }));
  }

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: MESSAGES.serverError });
  });

  return app;
}
