import { describe, expect, it } from 'vitest';

import { MESSAGES } from './messages';
import { centsToNumber, formatCents, MAX_AMOUNT_CENTS, moneyInput, parseAmountToCents } from './money';

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
