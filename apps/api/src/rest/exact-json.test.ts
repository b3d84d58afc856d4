import { describe, expect, it } from 'vitest';

import { exactJsonNumber, stringifyJson } from './exact-json';

describe('stringifyJson', () => {
  it('writes an exact number with its digits, where JSON.stringify rounds the double', () => {
    const value = { total: exactJsonNumber('90071992547409.93'), name: 'Food' };
    expect(stringifyJson(value)).toBe('{"total":90071992547409.93,"name":"Food"}');
    expect(JSON.stringify({ total: Number('90071992547409.93') })).toBe('{"total":90071992547409.94}');
  });

  it.each([
    ['12.50', '12.5'],
    ['3.00', '3'],
    ['0.00', '0'],
    ['-0.00', '0'],
    ['100', '100'],
    ['-99999999999998.99', '-99999999999998.99'],
    ['0.05', '0.05'],
  ])('spells %s as JSON.stringify spells a number: %s', (decimal, written) => {
    expect(stringifyJson([exactJsonNumber(decimal)])).toBe(`[${written}]`);
  });

  it('reads back as the same numbers as plain JSON.stringify below 2^53', () => {
    const plain = { a: 12.5, b: [0.3, -1234.56], c: 0 };
    const exact = {
      a: exactJsonNumber('12.50'),
      b: [exactJsonNumber('0.30'), exactJsonNumber('-1234.56')],
      c: exactJsonNumber('0.00'),
    };
    expect(stringifyJson(exact)).toBe(JSON.stringify(plain));
  });

  it('leaves every text alone, even one spelling the placeholder', () => {
    const texts = ['\\u000012\\u0000', '"\\u00001\\u0000"', 'a\\', '\\"'];
    for (const text of texts) {
      const value = { text, total: exactJsonNumber('1') };
      expect(JSON.parse(stringifyJson(value))).toEqual({ text, total: 1 });
    }
  });

  it('refuses what is not a plain decimal', () => {
    for (const text of ['1e3', '+1', '01', '.5', '5.', 'NaN', '', '1 ', '1,5'])
      expect(() => exactJsonNumber(text)).toThrow(TypeError);
  });
});
