import { describe, expect, it } from 'vitest';

import { readAmount } from './amounts';

describe('readAmount', () => {
  it.each([
    ['-12.34', 'dot', 1234, true],
    ['+0.10', 'dot', 10, false],
    ['1234.5', 'dot', 123450, false],
    ['12.500', 'dot', 1250, false],
    ['1234,56', 'comma', 123456, false],
    ['100,', 'comma', 10000, false],
    ['0,07', 'comma', 7, false],
    ['-45,10', 'last', 4510, true],
    ['45.10', 'last', 4510, false],
    ['999999999999.99', 'dot', 99_999_999_999_999, false],
    ['0.29', 'dot', 29, false],
    ['1.15', 'dot', 115, false],
  ] as const)('%s (%s) is %i cents', (text, style, cents, negative) => {
    expect(readAmount(text, style)).toEqual({ ok: true, cents, negative });
  });

  it.each([
    ['', 'dot', 'Amount "" is not an amount.'],
    ['12.34', 'comma', 'Amount "12.34" is not an amount.'],
    ['1,234.56', 'dot', 'Amount "1,234.56" is not an amount.'],
    ['1.2.3', 'dot', 'Amount "1.2.3" is not an amount.'],
    ['12.345', 'dot', 'Amount "12.345" can have at most 2 decimal places.'],
    ['1e5', 'dot', 'Amount "1e5" is not an amount.'],
    ['1000000000000.00', 'dot', 'Amount "1000000000000.00" can be at most 999,999,999,999.99.'],
  ] as const)('refuses %s (%s)', (text, style, message) => {
    expect(readAmount(text, style)).toEqual({ ok: false, message });
  });

  it.each([
    ['0.00', 'dot', 'Amount "0.00" is zero.'],
    ['0,', 'comma', 'Amount "0," is zero.'],
  ] as const)(
    'marks %s (%s) as zero: a line that moves no money, left out with a notice',
    (text, style, message) => {
      expect(readAmount(text, style)).toEqual({ ok: false, message, zero: true });
    },
  );
});
