import type { AnyRouter, inferRouterContext } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * tRPC over Fastify at `<prefix>/:path`, as `@trpc/server/adapters/fastify` serves it (same requests, same
 * answers, same status codes and headers), but each answer is sent as one text with its length. That
 * adapter hands Fastify a fetch `Response`, whose body Fastify pipes as a stream: chunked, one socket write
 * per chunk and one more for the end, where a REST answer is a single write. Our links never stream
 * (`httpBatchLink`), so an answer is always one JSON text already: reading it whole loses nothing.
 */
export function trpcOverFastify<Router extends AnyRouter>({
  router,
  createContext,
  onError,
}: {
  router: Router;
  createContext: (request: FastifyRequest) => inferRouterContext<Router>;
  onError?: HTTPErrorHandler<Router, Request>;
}) {
  return function plugin(app: FastifyInstance, _options: unknown, done: () => void) {
    // tRPC parses bodies itself (from the request it is given), in this scope only.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    app.removeContentTypeParser('multipart/form-data');
    app.addContentTypeParser('multipart/form-data', {}, (_request, body, done) => done(null, body));

    app.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
      const incoming = request.raw as typeof request.raw & { body?: unknown };
      if ('body' in request) incoming.body = request.body;
      const response = await resolveResponse({
        router,
        req: incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null }),
        path: request.params.path,
        error: null,
        createContext: () => Promise.resolve(createContext(request)),
        onError,
      });
      reply.status(response.status);
      for (const [name, value] of response.headers) reply.header(name, value);
      if (response.body === null) return reply.send();
      return reply.send(Buffer.from(await response.arrayBuffer()));
    });
    done();
  };
}
