import { describe, expect, it } from 'vitest';

import { MESSAGES } from './messages';
import {
  addCentsTotals,
  centsToNumber,
  centsTotalOutput,
  centsTotalToNumber,
  compareCentsTotals,
  formatCents,
  formatCentsTotal,
  isCentsTotal,
  MAX_AMOUNT_CENTS,
  moneyInput,
  parseAmountToCents,
  subtractCentsTotals,
  toCentsTotal,
} from './money';

describe('parseAmountToCents', () => {
  it.each([
    [12.5, 1250],
    [0.1, 10],
    [0.2, 20],
    [0.01, 1],
    [1, 100],
    [1.1, 110],
    [19.99, 1999],
    [999_999_999_999.99, MAX_AMOUNT_CENTS],
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['12.', 1200],
    ['.5', 50],
    [' 7.25 ', 725],
    ['0012.30', 1230],
    ['12.500', 1250],
    ['999999999999.99', MAX_AMOUNT_CENTS],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseAmountToCents(input)).toEqual({ ok: true, cents });
  });

  it.each([
    [undefined, MESSAGES.amountRequired],
    [null, MESSAGES.amountRequired],
    ['', MESSAGES.amountRequired],
    [0, MESSAGES.amountNotPositive],
    [-0, MESSAGES.amountNotPositive],
    ['0', MESSAGES.amountNotPositive],
    ['0.00', MESSAGES.amountNotPositive],
    [-5, MESSAGES.amountNotPositive],
    ['-5', MESSAGES.amountNotPositive],
    ['-0.5', MESSAGES.amountNotPositive],
    [12.345, MESSAGES.amountDecimals],
    ['12.345', MESSAGES.amountDecimals],
    [0.1 + 0.2, MESSAGES.amountDecimals],
    [1e-7, MESSAGES.amountDecimals],
    [0.001, MESSAGES.amountDecimals],
    [1_000_000_000_000, MESSAGES.amountTooLarge],
    ['1000000000000', MESSAGES.amountTooLarge],
    ['999999999999.999', MESSAGES.amountDecimals],
    [1e21, MESSAGES.amountTooLarge],
    [Number.NaN, MESSAGES.amountNotANumber],
    [Number.POSITIVE_INFINITY, MESSAGES.amountNotANumber],
    ['NaN', MESSAGES.amountNotANumber],
    ['Infinity', MESSAGES.amountNotANumber],
    ['abc', MESSAGES.amountNotANumber],
    ['1,000', MESSAGES.amountNotANumber],
    ['1e3', MESSAGES.amountNotANumber],
    ['+5', MESSAGES.amountNotANumber],
    ['.', MESSAGES.amountNotANumber],
    ['0x10', MESSAGES.amountNotANumber],
    [true, MESSAGES.amountNotANumber],
    [{ $gt: 0 }, MESSAGES.amountNotANumber],
    [[5], MESSAGES.amountNotANumber],
  ])('refuses %j: %s', (input, message) => {
    expect(parseAmountToCents(input)).toEqual({ ok: false, message });
  });
});

describe('moneyInput', () => {
  it('parses to cents', () => {
    expect(moneyInput.parse('0.30')).toBe(30);
  });

  it.each([
    [undefined, MESSAGES.amountRequired],
    [{}, MESSAGES.amountNotANumber],
    [12.345, MESSAGES.amountDecimals],
  ])('reports %j with one clear message', (input, message) => {
    const result = moneyInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('formatCents and centsToNumber', () => {
  it.each([
    [0, '0.00', 0],
    [1, '0.01', 0.01],
    [10, '0.10', 0.1],
    [1250, '12.50', 12.5],
    [30, '0.30', 0.3],
    [-5, '-0.05', -0.05],
    [-123456, '-1234.56', -1234.56],
    [MAX_AMOUNT_CENTS, '999999999999.99', 999_999_999_999.99],
  ])('%i cents is "%s" and %d', (cents, text, number) => {
    expect(formatCents(cents)).toBe(text);
    expect(centsToNumber(cents)).toBe(number);
  });

  it('gives back the number a client sent for every cent value it could send', () => {
    for (const cents of [1, 7, 29, 57, 99, 1001, 123_456_789, MAX_AMOUNT_CENTS - 1]) {
      const number = centsToNumber(cents);
      expect(parseAmountToCents(number)).toEqual({ ok: true, cents });
      expect(Number(formatCents(cents))).toBe(number);
    }
  });
});

describe('cents totals', () => {
  // 2^53 + 1: the first integer a JS number cannot hold (Number gives 9007199254740992).
  const pastDoubles = '9007199254740993';

  it.each([
    ['0', '0.00'],
    ['1', '0.01'],
    ['-5', '-0.05'],
    ['-123456', '-1234.56'],
    [pastDoubles, '90071992547409.93'],
    ['-9999999999999999901', '-99999999999999999.01'],
  ] as const)('%s cents is "%s"', (total, text) => {
    expect(formatCentsTotal(total)).toBe(text);
  });

  it('formats like formatCents and converts like centsToNumber where numbers are exact', () => {
    for (const cents of [0, 1, 10, 30, -5, 1250, -123456, MAX_AMOUNT_CENTS, Number.MAX_SAFE_INTEGER]) {
      expect(formatCentsTotal(toCentsTotal(cents))).toBe(formatCents(cents));
      expect(centsTotalToNumber(toCentsTotal(cents))).toBe(centsToNumber(cents));
    }
  });

  it('adds and subtracts exactly past 2^53', () => {
    const hundredLargest = toCentsTotal(BigInt(MAX_AMOUNT_CENTS) * 100n);
    expect(hundredLargest).toBe('9999999999999900');
    expect(addCentsTotals(hundredLargest, '1')).toBe('9999999999999901');
    expect(addCentsTotals(toCentsTotal(Number.MAX_SAFE_INTEGER), '2')).toBe(pastDoubles);
    expect(subtractCentsTotals('0', pastDoubles)).toBe('-9007199254740993');
    expect(subtractCentsTotals(pastDoubles, pastDoubles)).toBe('0');
  });

  it('compares exactly past 2^53', () => {
    expect(compareCentsTotals(pastDoubles, '9007199254740992')).toBe(1);
    expect(compareCentsTotals('9007199254740992', pastDoubles)).toBe(-1);
    expect(compareCentsTotals('-1', '0')).toBe(-1);
    expect(compareCentsTotals(pastDoubles, pastDoubles)).toBe(0);
  });

  it('makes totals of integers only', () => {
    expect(toCentsTotal(12)).toBe('12');
    expect(toCentsTotal(-0)).toBe('0');
    expect(() => toCentsTotal(0.5)).toThrow(RangeError);
  });

  it.each([
    ['0', true],
    ['-12', true],
    [pastDoubles, true],
    ['-0', false],
    ['012', false],
    ['+1', false],
    ['1.5', false],
    ['12n', false],
    ['', false],
    [' 1', false],
    [12, false],
    [12n, false],
  ])('%o is a total: %s', (value, valid) => {
    expect(isCentsTotal(value)).toBe(valid);
    expect(centsTotalOutput.safeParse(value).success).toBe(valid);
  });
});
