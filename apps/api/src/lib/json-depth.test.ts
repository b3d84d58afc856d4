import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';

import { JSON_MAX_DEPTH } from '@paisable/contracts';

import { isJsonTooDeep, requestJsonTooDeep } from './json-depth';

describe('isJsonTooDeep', () => {
  it.each([
    ['a number', '42', 0, false],
    ['an empty object at the limit', '{}', 1, false],
    ['an array one level past the limit', '[[]]', 1, true],
    ['mixed nesting at the limit', '{"a":[{"b":[1]}],"c":{}}', 4, false],
    ['mixed nesting past the limit', '{"a":[{"b":[1]}],"c":{}}', 3, true],
    ['siblings that never nest', '[[],[],[],[]]', 2, false],
    ['brackets inside a string', '["[[[[{{{{"]', 1, false],
    ['an escaped quote that does not end the string', '["\\"[[[["]', 1, false],
    ['an escaped backslash that ends before the quote', '["\\\\",[[]]]', 2, true],
    ['a unicode escape', '["\\u005b\\u007b",{}]', 2, false],
    ['unclosed brackets', '['.repeat(100_000), 64, true],
  ])('%s', (_label, text, maxDepth, expected) => {
    expect(isJsonTooDeep(text, maxDepth)).toBe(expected);
  });

  it('reads 40 KB of nesting without recursion', () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    expect(isJsonTooDeep(deep, 20_000)).toBe(false);
    expect(isJsonTooDeep(deep, 19_999)).toBe(true);
  });
});

describe('requestJsonTooDeep', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const query = (input: string) => ({ url: `/trpc/transactions.list?input=${input}` }) as FastifyRequest;

  it.each([
    ['as typed', (text: string) => text],
    ['percent-encoded', (text: string) => encodeURIComponent(text)],
    ['with lower-case escapes', (text: string) => encodeURIComponent(text).toLowerCase()],
    ['half typed, half encoded', (text: string) => text.replace('['.repeat(40), '%5B'.repeat(40))],
  ])("finds a query's ?input= too deep whatever way its brackets are written: %s", (_label, write) => {
    expect(requestJsonTooDeep(query(write(nested(JSON_MAX_DEPTH + 1))))).toBe(true);
    expect(requestJsonTooDeep(query(write(nested(JSON_MAX_DEPTH))))).toBe(false);
  });

  it('reads only the input, and a URL without a query', () => {
    expect(requestJsonTooDeep(query(`1&other=${nested(JSON_MAX_DEPTH + 1)}`))).toBe(false);
    expect(requestJsonTooDeep({ url: '/trpc/transactions.list' } as FastifyRequest)).toBe(false);
  });
});
