import type { AnyRouter, AnyTRPCProcedure, inferRouterContext } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { formOf } from '../lib/remembered';

/**
 * tRPC over Fastify at `<prefix>/:path`, as `@trpc/server/adapters/fastify` serves it (same requests, same
 * answers, same status codes and headers), but each answer is sent as one text with its length. That
 * adapter hands Fastify a fetch `Response`, whose body Fastify pipes as a stream: chunked, one socket write
 * per chunk and one more for the end, where a REST answer is a single write. Our links never stream
 * (`httpBatchLink`), so an answer is always one JSON text already: reading it whole loses nothing.
 *
 * Queries (GET) whose every call succeeds take a shorter way (`answerQueries`); everything else, and any
 * query that fails, goes through tRPC's own `resolveResponse`.
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
      if (request.method === 'GET') {
        const answer = await answerQueries(router, request, createContext);
        if (answer !== undefined) return sendJson(reply, 200, answer);
      }
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

function sendJson(reply: FastifyReply, status: number, json: string) {
  // The headers resolveResponse gives every JSON answer.
  return reply
    .status(status)
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    .send(json);
}

/** Only plain procedure paths (no escapes to decode, no lazy routers to load) take the short way. */
const PLAIN_PATHS = /^[A-Za-z0-9_.]+(,[A-Za-z0-9_.]+)*$/;

/**
 * The JSON text of a successful GET of queries (one, or a batch with `batch=1`), made as resolveResponse
 * makes it, or undefined when tRPC's own way must answer: anything it treats specially (a streaming or
 * subscription request, connection parameters, a body type, a path to decode or to load, a mutation, an
 * unknown procedure, input that is not JSON) and any call that fails. A failed query is then asked again
 * there, which reports it with tRPC's own error shapes and status codes: queries only read, so running
 * one twice changes nothing, and failures are rare enough that this costs less than a copy of that code.
 *
 * Why: tRPC's way wraps each request in a fetch `Request` and `URL`, each answer in a `Response` read back
 * into a buffer, and writes the whole result as JSON every time. Here a result that is frozen (every
 * remembered result and its checked output, see trpc/output.ts: the same object until the user's data, the
 * day or the display currency changes, since the services key them so) is written once (`formOf`), so a
 * repeated dashboard or report read costs what its REST twin costs. The procedure itself still runs in
 * full for every call (token, input, service, output check), so who may see what is decided as before.
 */
async function answerQueries<Router extends AnyRouter>(
  router: Router,
  request: FastifyRequest<{ Params: { path: string } }>,
  createContext: (request: FastifyRequest) => inferRouterContext<Router>,
): Promise<string | undefined> {
  const { headers } = request;
  if (headers['trpc-accept'] !== undefined || headers['last-event-id'] !== undefined) return undefined;
  if (headers.accept?.includes('application/jsonl')) return undefined;
  const contentType = headers['content-type'];
  if (contentType !== undefined && !/^\s*application\/json\s*(;|$)/i.test(contentType)) return undefined;
  const path = request.params.path;
  if (!PLAIN_PATHS.test(path)) return undefined;
  const url = request.raw.url ?? '';
  const search = new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length));
  if (search.has('connectionParams')) return undefined;
  const batch = search.get('batch') === '1';
  const paths = batch ? path.split(',') : [path];
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  const calls: { path: string; procedure: AnyTRPCProcedure }[] = [];
  for (const name of paths) {
    const procedure = procedures[name];
    if (procedure?._def.type !== 'query') return undefined;
    calls.push({ path: name, procedure });
  }

  let inputs: unknown;
  try {
    const text = search.get('input');
    inputs = text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
  if (
    batch &&
    inputs !== undefined &&
    (inputs === null || typeof inputs !== 'object' || Array.isArray(inputs))
  )
    return undefined;
  let ctx: inferRouterContext<Router>;
  try {
    ctx = createContext(request);
  } catch {
    return undefined;
  }

  const results = await Promise.all(
    calls.map(async ({ path, procedure }, index) => {
      const input = batch ? (inputs as Record<number, unknown> | undefined)?.[index] : inputs;
      try {
        const data: unknown = await procedure({
          path,
          getRawInput: () => Promise.resolve(input),
          ctx,
          type: 'query',
          signal: undefined,
          batchIndex: index,
        });
        return { data };
      } catch {
        return undefined;
      }
    }),
  );
  const texts: string[] = [];
  for (const result of results) {
    if (!result) return undefined;
    const text = resultJson(result.data);
    if (text === undefined) return undefined;
    texts.push(text);
  }
  return batch ? `[${texts.join(',')}]` : texts[0];
}

/** `{"result":{"data":…}}` as `JSON.stringify` writes it, the data's text made once per frozen result. */
function resultJson(data: unknown): string | undefined {
  if (data === undefined) return '{"result":{}}';
  try {
    const text =
      data !== null && typeof data === 'object' && Object.isFrozen(data)
        ? formOf(data, jsonOf)
        : jsonOf(data);
    // A value JSON cannot write at all (a function, a symbol) is left to tRPC's way.
    return text === undefined ? undefined : `{"result":{"data":${text}}}`;
  } catch {
    return undefined;
  }
}

function jsonOf(value: unknown): string | undefined {
  // tRPC refuses, rather than writes as `{}`, a result holding promises or async iterables (streams).
  if (value !== null && typeof value === 'object' && Object.values(value).some(isStreamLike))
    throw new Error('a stream-like result');
  // Undefined for what JSON cannot write at all (a function, a symbol), whatever its declared type says.
  const text: string | undefined = JSON.stringify(value);
  return text;
}

function isStreamLike(value: unknown) {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    (typeof (value as { then?: unknown }).then === 'function' || Symbol.asyncIterator in value)
  );
}
