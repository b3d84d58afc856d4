import { describe, expect, it } from 'vitest';

import { findIsoCurrency, isIsoCurrencyCode, ISO_CURRENCIES, minorUnitOf } from '../currency-catalogue';
import { MESSAGES } from '../messages';
import { isoCurrencyCodeInput } from '../money';
import {
  currencyDecimalsMessage,
  divideRoundHalfEven,
  formatMinor,
  minorToNumber,
  parseAmountInCurrency,
  parseSignedAmountInCurrency,
  readDecimalAmount,
} from './currency-money';

describe('the ISO 4217 catalogue', () => {
  it('lists the spec’s seven first, with their flags, then every other active code once', () => {
    expect(ISO_CURRENCIES.slice(0, 7).map((c) => c.code)).toEqual([
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'CAD',
      'AUD',
      'INR',
    ]);
    expect(ISO_CURRENCIES.slice(0, 7).every((c) => c.flag)).toBe(true);
    const codes = ISO_CURRENCIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(150);
    expect(codes.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
  });

  it.each([
    ['JPY', 0],
    ['KRW', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['JOD', 3],
    ['USD', 2],
    ['MYR', 2],
    ['CLF', 4],
  ])('%s has %i decimals', (code, digits) => {
    expect(minorUnitOf(code)).toBe(digits);
  });

  it('tells the dollars apart by symbol, as Intl.NumberFormat does in en-US', () => {
    const symbols = ['USD', 'CAD', 'AUD'].map((code) => findIsoCurrency(code)?.symbol);
    expect(symbols).toEqual(['$', 'CA$', 'A$']);
    expect(findIsoCurrency('MYR')?.symbol).toBe('RM');
  });

  it('knows no retired, metal or made-up code', () => {
    for (const code of ['HRK', 'BGN', 'ANG', 'XAU', 'XTS', 'XXX', 'ABC', 'usd'])
      expect(isIsoCurrencyCode(code)).toBe(false);
  });
});

describe('isoCurrencyCodeInput', () => {
  it('reads a code in any letter case', () => {
    expect(isoCurrencyCodeInput.parse(' myr ')).toBe('MYR');
  });

  it.each([
    ['HRK', 'HRK is no longer in use (replaced by EUR). Choose EUR.'],
    ['XYZ', '"XYZ" is not a currency code: use one of ISO 4217, like USD, EUR or JPY.'],
  ])('refuses %s by name', (code, message) => {
    const result = isoCurrencyCodeInput.safeParse(code);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('parseAmountInCurrency', () => {
  it.each([
    ['1500', 'JPY', 1500],
    [1500, 'JPY', 1500],
    ['1500.00', 'JPY', 1500],
    ['12.5', 'USD', 1250],
    [0.1, 'USD', 10],
    ['1.234', 'BHD', 1234],
    ['0.001', 'KWD', 1],
    ['54.13', 'EUR', 5413],
    ['999999999999', 'KRW', 999_999_999_999],
  ])('%s %s is %i minor units', (value, code, minor) => {
    expect(parseAmountInCurrency(value, code)).toEqual({ ok: true, minor });
  });

  it.each([
    ['12.5', 'JPY', 'Amounts in Japanese Yen (JPY) are whole numbers, with no decimals.'],
    [12.5, 'KRW', 'Amounts in South Korean Won (KRW) are whole numbers, with no decimals.'],
    ['12.345', 'USD', 'Amounts in United States Dollar (USD) can have at most 2 decimal places.'],
    ['1.2345', 'BHD', 'Amounts in Bahraini Dinar (BHD) can have at most 3 decimal places.'],
    ['0', 'USD', MESSAGES.amountNotPositive],
    ['-3', 'USD', MESSAGES.amountNotPositive],
    ['abc', 'USD', MESSAGES.amountNotANumber],
    ['', 'USD', MESSAGES.amountRequired],
    ['1000000000000', 'USD', MESSAGES.amountTooLarge],
    ['5', 'HRK', 'HRK is no longer in use (replaced by EUR). Choose EUR.'],
  ])('refuses %s %s', (value, code, message) => {
    expect(parseAmountInCurrency(value, code)).toEqual({ ok: false, message });
  });

  it('names the currency and its decimals in the message', () => {
    expect(currencyDecimalsMessage({ code: 'USD', name: 'US Dollar', minorUnit: 2 })).toContain('2 decimal');
  });
});

describe('parseSignedAmountInCurrency', () => {
  it('reads balances, zero and debts', () => {
    expect(parseSignedAmountInCurrency('-250', 'JPY')).toEqual({ ok: true, minor: -250 });
    expect(parseSignedAmountInCurrency('0', 'BHD')).toEqual({ ok: true, minor: 0 });
    expect(parseSignedAmountInCurrency('-0.5', 'JPY').ok).toBe(false);
  });
});

describe('readDecimalAmount (before the currency is known)', () => {
  it('keeps the exact decimal text, without trailing zeros', () => {
    expect(readDecimalAmount('012.500')).toEqual({ ok: true, text: '12.5' });
    expect(readDecimalAmount(1500)).toEqual({ ok: true, text: '1500' });
    expect(readDecimalAmount(0.1)).toEqual({ ok: true, text: '0.1' });
  });

  it('refuses what no currency can hold', () => {
    expect(readDecimalAmount('1.00001')).toEqual({ ok: false, message: MESSAGES.amountDecimalsAnyCurrency });
    expect(readDecimalAmount(1e-7)).toEqual({ ok: false, message: MESSAGES.amountDecimalsAnyCurrency });
    expect(readDecimalAmount('0.000')).toEqual({ ok: false, message: MESSAGES.amountNotPositive });
  });
});

describe('formatMinor and minorToNumber', () => {
  it.each([
    [1500, 'JPY', '1500', 1500],
    [1250, 'USD', '12.50', 12.5],
    [1234, 'BHD', '1.234', 1.234],
    [-5, 'USD', '-0.05', -0.05],
    [7, 'CLF', '0.0007', 0.0007],
  ])('%i %s is "%s"', (minor, code, text, number) => {
    expect(formatMinor(minor, code)).toBe(text);
    expect(minorToNumber(minor, code)).toBe(number);
  });

  it('stays exact past 2^53', () => {
    expect(formatMinor(9_007_199_254_740_993n, 'USD')).toBe('90071992547409.93');
  });
});

describe('the rounding rule: half to even', () => {
  it.each([
    [5n, 2n, 2n],
    [7n, 2n, 4n],
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [25n, 10n, 2n],
    [26n, 10n, 3n],
    [24n, 10n, 2n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [1n, 2n, 0n],
    [3n, 2n, 2n],
    [5n, -2n, -2n],
  ])('%i / %i rounds to %i', (numerator, denominator, expected) => {
    expect(divideRoundHalfEven(numerator, denominator)).toBe(expected);
  });

  it('refuses a division by zero', () => {
    expect(() => divideRoundHalfEven(1n, 0n)).toThrow(RangeError);
  });
});
