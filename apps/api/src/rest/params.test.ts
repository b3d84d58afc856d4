import { describe, expect, it } from 'vitest';

import { asRecord, booleanParam, dateParam, integerParam, textParam, withoutUndefined } from './params';

describe('legacy parameter coercion', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['2', 2],
    ['0', 0],
    ['2.5', '2.5'],
    ['-1', '-1'],
    ['abc', 'abc'],
    [
      ['1', '2'],
      ['1', '2'],
    ],
  ])('integerParam(%j) → %j', (value, expected) => {
    expect(integerParam(value)).toEqual(expected);
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    [true, true],
    [false, false],
    ['yes', 'yes'],
  ])('booleanParam(%j) → %j', (value, expected) => {
    expect(booleanParam(value)).toEqual(expected);
  });

  it.each([
    [undefined, undefined],
    [null, undefined],
    ['', undefined],
    ['2025-01-31', '2025-01-31'],
    ['2025-01-31T00:00:00.000Z', '2025-01-31'],
    ['2025-02-30', '2025-02-30'],
    ['soon', 'soon'],
    [20250131, 20250131],
  ])('dateParam(%j) → %j', (value, expected) => {
    expect(dateParam(value)).toEqual(expected);
  });

  it('treats empty text as not given', () => {
    expect(textParam('')).toBeUndefined();
    expect(textParam('x')).toBe('x');
  });

  it('reads only plain objects as records', () => {
    expect(asRecord({ a: 1 })).toEqual({ a: 1 });
    expect(asRecord(['a'])).toEqual({});
    expect(asRecord('text')).toEqual({});
    expect(asRecord(null)).toEqual({});
  });

  it('drops undefined values only', () => {
    expect(withoutUndefined({ a: undefined, b: '', c: null })).toEqual({ b: '', c: null });
  });
});
