import {
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  type AnyRouter,
  type AnyTRPCProcedure,
  type inferRouterContext,
} from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { getHTTPStatusCode, resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { formOf } from '../lib/remembered';
import { callProcedure } from './call-procedure';

/**
 * tRPC over Fastify at `<prefix>/:path`, as `@trpc/server/adapters/fastify` serves it (same requests, same
 * answers, same status codes and headers), but each answer is sent as one text with its length. That
 * adapter hands Fastify a fetch `Response`, whose body Fastify pipes as a stream: chunked, one socket write
 * per chunk and one more for the end, where a REST answer is a single write. Our links never stream
 * (`httpBatchLink`), so an answer is always one JSON text already: reading it whole loses nothing.
 *
 * Queries (GET) take a shorter way (`answerQueries`) that answers them, failures included, with the bytes,
 * status and headers tRPC's own `resolveResponse` gives; everything else goes through `resolveResponse`.
 */
export type TrpcFailure = { error: TRPCError; path: string | undefined };

export function trpcOverFastify<Router extends AnyRouter>({
  router,
  createContext,
  onError,
}: {
  router: Router;
  createContext: (request: FastifyRequest) => inferRouterContext<Router>;
  /** Called once for every call that fails, whichever way answered it. */
  onError?: (failure: TrpcFailure) => void;
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
        const answer = await answerQueries(router, request, createContext, onError);
        if (answer !== undefined) return sendJson(reply, answer);
      }
      const incoming = request.raw as typeof request.raw & { body?: unknown };
      if ('body' in request) incoming.body = request.body;
      const response = await resolveResponse({
        router,
        req: incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null }),
        path: request.params.path,
        error: null,
        createContext: () => Promise.resolve(createContext(request)),
        onError: onError && (({ error, path }) => onError({ error, path })),
      });
      reply.status(response.status);
      for (const [name, value] of response.headers) reply.header(name, value);
      if (response.body === null) return reply.send();
      return reply.send(Buffer.from(await response.arrayBuffer()));
    });
    done();
  };
}

type Answer = { status: number; body: Buffer };

function sendJson(reply: FastifyReply, { status, body }: Answer) {
  // The headers resolveResponse gives every JSON answer, in its order. A Buffer, not a string: Fastify
  // would add `; charset=utf-8` to the type of a string, which tRPC's answer does not carry.
  return reply
    .status(status)
    .header('content-type', 'application/json')
    .header('vary', 'trpc-accept, accept')
    .send(body);
}

/** Only plain procedure paths (no escapes to decode, no lazy routers to load) take the short way. */
const PLAIN_PATHS = /^[A-Za-z0-9_.]+(,[A-Za-z0-9_.]+)*$/;

/**
 * The answer to a GET of queries (one, or a batch with `batch=1`), made as resolveResponse makes it, or
 * undefined when tRPC's own way must answer: anything it treats specially (a streaming or subscription
 * request, connection parameters, a body type, a path to decode or to load, a mutation, an unknown
 * procedure) and a context that cannot be made. Each call runs once: a failing one is answered here with
 * tRPC's own error shape and status (`getTRPCErrorShape`, `getHTTPStatusCode`) and reported once to `onError`.
 *
 * Why: tRPC's way wraps each request in a fetch `Request` and `URL`, each answer in a `Response` read back
 * into a buffer, and writes the whole result as JSON every time. Here a result that is frozen (every
 * remembered result and its checked output, see trpc/output.ts: the same object until the user's data, the
 * day or the display currency changes, since the services key them so) is written once (`formOf`), so a
 * repeated dashboard or report read costs what its REST twin costs. The procedure itself still runs in
 * full for every call (token, then input, service, output check), so who may see what is decided as before;
 * the input is read only when the procedure asks for it, after the token (trpc/init.ts). Its middlewares
 * run as tRPC runs them, without tRPC's per-step copies of the call's options (trpc/call-procedure.ts).
 */
async function answerQueries<Router extends AnyRouter>(
  router: Router,
  request: FastifyRequest<{ Params: { path: string } }>,
  createContext: (request: FastifyRequest) => inferRouterContext<Router>,
  onError: ((failure: TrpcFailure) => void) | undefined,
): Promise<Answer | undefined> {
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
  let ctx: inferRouterContext<Router>;
  try {
    ctx = createContext(request);
  } catch {
    return undefined;
  }

  const inputs = queryInputs(search.get('input'), batch);
  const outcomes = await Promise.all(
    calls.map(async ({ path, procedure }, index): Promise<Outcome> => {
      try {
        const data: unknown = await callProcedure(procedure, {
          path,
          getRawInput: () => new Promise((resolve) => resolve(inputs.read()?.[index])),
          ctx,
          type: 'query',
          signal: undefined,
          batchIndex: index,
        });
        // Written here, so a result tRPC would refuse to write fails as this call's error.
        return batch ? { text: resultJson(data) } : { body: resultBody(data) };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        onError?.({ error, path });
        const input = inputs.result()?.[index];
        const shape: unknown = getTRPCErrorShape({
          config: router._def._config,
          ctx,
          error,
          input,
          path,
          type: 'query',
        });
        return { error: shape };
      }
    }),
  );
  // One status for the answer, as tRPC sets it: the calls' own when they agree, else 207.
  const status = getHTTPStatusCode(
    outcomes.map((outcome) => ('error' in outcome ? outcome : { result: {} })) as Parameters<
      typeof getHTTPStatusCode
    >[0],
  );
  const [only] = outcomes;
  if (!batch && only && 'body' in only) return { status, body: only.body };
  const texts = outcomes.map((outcome) =>
    'error' in outcome ? JSON.stringify({ error: outcome.error }) : 'text' in outcome ? outcome.text : '',
  );
  return { status, body: Buffer.from(batch ? `[${texts.join(',')}]` : (texts[0] ?? '')) };
}

type Outcome = { text: string } | { body: Buffer } | { error: unknown };

/**
 * The calls' inputs from the `input` parameter, parsed when a procedure first asks (after its token check)
 * and by tRPC's rules: JSON; one call's input as is; a batch's as an object by call index. What is not
 * that is the procedure's BAD_REQUEST, with tRPC's sentences.
 */
function queryInputs(text: string | null, batch: boolean) {
  let parsed: { inputs: Record<number, unknown> | undefined } | { error: TRPCError } | undefined;
  return {
    read(): Record<number, unknown> | undefined {
      parsed ??= parseQueryInputs(text, batch);
      if ('error' in parsed) throw parsed.error;
      return parsed.inputs;
    },
    /** The inputs once read, for an error's shape; undefined before or when they could not be read. */
    result: () => (parsed && 'inputs' in parsed ? parsed.inputs : undefined),
  };
}

function parseQueryInputs(text: string | null, batch: boolean) {
  try {
    const inputs: unknown = text ? JSON.parse(text) : undefined;
    if (inputs === undefined) return { inputs: undefined };
    if (!batch) return { inputs: { 0: inputs } };
    if (inputs === null || typeof inputs !== 'object' || Array.isArray(inputs))
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: '"input" needs to be an object when doing a batch call',
      });
    return { inputs: inputs as Record<number, unknown> };
  } catch (cause) {
    if (cause instanceof TRPCError) return { error: cause };
    return { error: new TRPCError({ code: 'BAD_REQUEST', message: (cause as Error).message, cause }) };
  }
}

/** One call's whole answer, its bytes made once per frozen result: a repeated read sends the same ones. */
function resultBody(data: unknown): Buffer {
  return isFrozenObject(data) ? formOf(data, wholeAnswer) : wholeAnswer(data);
}

function wholeAnswer(data: unknown): Buffer {
  return Buffer.from(answerText(jsonOf(data)));
}

/** `{"result":{"data":…}}` as `JSON.stringify` writes it, the data's text made once per frozen result. */
function resultJson(data: unknown): string {
  return answerText(isFrozenObject(data) ? formOf(data, jsonOf) : jsonOf(data));
}

/** What JSON cannot write at all (undefined, a function) leaves `data` out, as JSON.stringify does. */
function answerText(dataJson: string | undefined): string {
  return dataJson === undefined ? '{"result":{}}' : `{"result":{"data":${dataJson}}}`;
}

function isFrozenObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && Object.isFrozen(value);
}

function jsonOf(value: unknown): string | undefined {
  if (isStreamLike(value))
    throw new TRPCError({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
    });
  // Undefined for what JSON cannot write at all (a function, a symbol), whatever its declared type says.
  const text: string | undefined = JSON.stringify(value);
  return text;
}

/** What tRPC refuses, rather than writes as `{}`: an object that is or holds promises or async iterables. */
function isStreamLike(value: unknown) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const streamLike = (inner: unknown) =>
    inner !== null &&
    (typeof inner === 'object' || typeof inner === 'function') &&
    (typeof (inner as { then?: unknown }).then === 'function' || Symbol.asyncIterator in inner);
  return Symbol.asyncIterator in value || Object.values(value).some(streamLike);
}
