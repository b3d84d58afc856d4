import { describe, expect, it } from 'vitest';

import { distinctUuids, isUuid } from './ids';

const A = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const B = '00000000-0000-4000-8000-000000000000';

describe('isUuid', () => {
  it.each([
    [A, true],
    [A.toUpperCase(), true],
    ['3f2504e0-4f89-41d3-9a0c-0305e82c330', false],
    ['3f2504e04f8941d39a0c0305e82c3301', false],
    ['bulk', false],
    ["' or 1=1 --", false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});

describe('distinctUuids', () => {
  it.each([
    [
      [A, B],
      [A, B],
    ],
    [[A, A, A.toUpperCase()], [A]],
    [[A, 'nope'], null],
    [[], []],
  ])('%j → %j', (values, expected) => {
    expect(distinctUuids(values)).toEqual(expected);
  });
});
