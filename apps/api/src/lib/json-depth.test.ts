import { describe, expect, it } from 'vitest';

import { isJsonTooDeep } from './json-depth';

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
