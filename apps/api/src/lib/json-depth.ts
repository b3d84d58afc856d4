import type { FastifyInstance, FastifyRequest } from 'fastify';

import { JSON_MAX_DEPTH, MESSAGES } from '@paisable/contracts';

import { AppError } from './errors';

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const PERCENT = 0x25; // %
const DIGIT_5 = 0x35;
const DIGIT_7 = 0x37;
const LOWER_B = 0x62;

/**
 * Whether JSON text nests arrays and objects more than `maxDepth` deep, read in one pass without recursion
 * and before any parse: 40 KB of `[` parse fine but overflow the stack of every recursive walk after
 * (JSON.stringify, our checks, a logger). Brackets inside strings do not count. Exact for valid JSON;
 * invalid text may be counted wrong, but the parse refuses it anyway.
 */
export function isJsonTooDeep(text: string, maxDepth: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH)
        index++; // the escaped character can be neither a quote nor an end
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's application/json parser with the same parser (secure-json-parse, refusing
 * `__proto__` and `constructor.prototype` keys; empty and invalid bodies refused as before) behind the depth
 * check, so a too-deep body is a 400 before it is parsed. Child scopes made after this call inherit it
 * (the REST API); the tRPC plugin keeps bodies as text for tRPC to parse: see `requestJsonTooDeep`.
 */
export function refuseDeepJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (isJsonTooDeep(text)) {
      done(new AppError('BAD_REQUEST', MESSAGES.jsonTooDeep), undefined);
      return;
    }
    // Fastify's own parser answers through `done`; it returns nothing to wait for.
    void parseJson(request, text, done);
  });
}

/**
 * Whether a request's JSON that arrives unparsed is too deep: a body kept as text (tRPC's own parser) and
 * a query's `?input=` (tRPC reads a query's input from the URL). tRPC parses both after its context is made.
 */
export function requestJsonTooDeep(request: FastifyRequest): boolean {
  if (typeof request.body === 'string' && isJsonTooDeep(request.body)) return true;
  const [beforeFragment = ''] = request.url.split('#', 1);
  const queryStart = beforeFragment.indexOf('?');
  if (queryStart < 0) return false;
  // Every request of the app passes here: most URLs hold too few brackets to nest too deep at all, and
  // for those the query is not decoded a second time (tRPC and trpc/fastify.ts decode it themselves).
  if (!mayNestDeeperThan(beforeFragment, queryStart, JSON_MAX_DEPTH)) return false;
  const input = new URLSearchParams(beforeFragment.slice(queryStart + 1)).get('input');
  return input !== null && isJsonTooDeep(input);
}

/**
 * Whether the URL text from `start` holds more than `maxDepth` opening brackets, written as they are or
 * percent-encoded (`%5B`, `%7B`): decoded, it cannot hold more, so with no more it cannot nest deeper.
 */
function mayNestDeeperThan(url: string, start: number, maxDepth: number): boolean {
  let opening = 0;
  for (let index = start; index < url.length; index++) {
    const char = url.charCodeAt(index);
    if (char === OPEN_BRACKET || char === OPEN_BRACE) opening++;
    else if (char === PERCENT && index + 2 < url.length) {
      const high = url.charCodeAt(index + 1);
      const low = url.charCodeAt(index + 2) | 0x20; // lower case
      if ((high === DIGIT_5 && low === LOWER_B) || (high === DIGIT_7 && low === LOWER_B)) opening++;
    }
    if (opening > maxDepth) return true;
  }
  return false;
}
