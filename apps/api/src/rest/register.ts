import multipart from '@fastify/multipart';
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';

import { ACCOUNT_MESSAGES, MESSAGES } from '@paisable/contracts';

import type { AppDeps } from '../deps';
import { authenticate, authenticateIfSent } from '../lib/authenticate';
import { isClientGone } from '../lib/client-gone';
import { isAccountGone, isDatabaseUnavailable } from '../lib/database-errors';
import { AppError, parseInput } from '../lib/errors';
import { stringifyJson } from './exact-json';
import { asRecord } from './params';
import type { RestRoute, RouteAuth } from './route';
import { readUpload } from './upload';

/**
 * The REST API under /api: every declared route, registered by one loop that resolves the user from the
 * route's auth, parses its input with its schemas and maps errors to the original server's
 * `{ message }` answers. Handlers only translate between that wire format and a service call.
 */
export function restApi(deps: AppDeps, routes: readonly RestRoute[]): FastifyPluginAsync {
  return async (app) => {
    // Answers may hold numbers too precise for a double (exact-json.ts).
    app.setReplySerializer(stringifyJson);
    app.setErrorHandler(sendRestError);
    app.setNotFoundHandler((request, reply) => {
      void reply
        .status(404)
        .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
    });
    for (const route of routes) {
      if (!route.upload) {
        addRoute(app, deps, route);
        continue;
      }
      const { files, maxBytes } = route.upload;
      // Multipart parsing only in the scope of the route that takes it: the rest of the API stays JSON.
      await app.register(async (scope) => {
        await scope.register(multipart, {
          limits: { fileSize: maxBytes, files: Object.keys(files).length, fields: 10, parts: 12 },
        });
        addRoute(scope, deps, route);
      });
    }
  };
}

function addRoute(app: FastifyInstance, deps: AppDeps, route: RestRoute) {
  const [successStatus = 200] = Object.keys(route.responses).map(Number);
  app.route({
    method: route.method.toUpperCase(),
    url: route.path,
    ...(route.compress === undefined ? {} : { compress: route.compress }),
    handler: async (request, reply) => {
      // Who is asking comes first: an anonymous request is refused before a byte of its input is read.
      const user = await userFor(deps, route.auth, request);
      const upload = route.upload ? await readUpload(request, route.upload) : undefined;
      const query = route.query ? parseInput(route.query, asRecord(request.query)) : undefined;
      const bodySchema = route.upload ? route.upload.fields : route.body;
      // As on the original server, a missing or non-object body reads as {}: each field is then missing.
      const body = bodySchema ? parseInput(bodySchema, asRecord(upload?.fields ?? request.body)) : undefined;
      reply.status(successStatus);
      return route.handle({
        deps,
        user,
        query,
        body,
        params: request.params as Record<string, string>,
        files: upload?.files ?? {},
        request,
        reply,
      });
    },
  });
}

function userFor(deps: AppDeps, auth: RouteAuth, request: FastifyRequest) {
  const { authorization } = request.headers;
  // A GET only reads: it may use the session and user row this process remembers (lib/authenticate.ts).
  if (auth === 'required')
    return authenticate(deps, authorization, request.method === 'GET' ? 'read' : 'write', {
      ip: request.ip,
    });
  if (auth === 'optional') return authenticateIfSent(deps, authorization);
  return undefined;
}

export function sendRestError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.details.retryAfterSeconds) reply.header('retry-after', String(error.details.retryAfterSeconds));
    return reply.status(error.status).send({ message: error.message });
  }
  if (isClientGone(error, reply)) {
    request.log.info('the client closed the connection before its answer');
    return;
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.status(503).send({ message: MESSAGES.serviceUnavailable });
  }
  if (isAccountGone(error)) return reply.status(404).send({ message: ACCOUNT_MESSAGES.notFound });
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
  request.log.error({ err: error }, 'unexpected error');
  return reply.status(500).send({ message: 'Server Error' });
}
