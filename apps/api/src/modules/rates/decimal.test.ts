import { describe, expect, it } from 'vitest';

import { divideRoundHalfEven } from '@paisable/contracts';

import { convertAmounts, rateKey, type FoundRate } from './convert';
import { convertMinor, decimalToFraction, divide, fractionToDecimal, inverse } from './decimal';

describe('exact rate arithmetic', () => {
  it('rounds half to even, both signs', () => {
    expect([5n, 15n, 25n, 26n, 24n].map((n) => divideRoundHalfEven(n, 10n))).toEqual([0n, 2n, 2n, 3n, 2n]);
    expect(divideRoundHalfEven(-25n, 10n)).toBe(-2n);
    expect(divideRoundHalfEven(-35n, 10n)).toBe(-4n);
    expect(divideRoundHalfEven(7n, 3n)).toBe(2n);
  });

  it('derives a cross rate through the euro exactly: USD→JPY = EUR→JPY / EUR→USD', () => {
    const usdToJpy = divide(decimalToFraction('160.12'), decimalToFraction('1.0405'));
    // 160.12 / 1.0405 = 153.8875540605478... shown to 10 decimals, half-even.
    expect(fractionToDecimal(usdToJpy)).toBe('153.8875540605');
    expect(fractionToDecimal(inverse(decimalToFraction('0.8')))).toBe('1.25');
    expect(fractionToDecimal(decimalToFraction('1.0400000000'))).toBe('1.04');
  });

  it('converts between minor units of different sizes (JPY 0, EUR 2, BHD 3)', () => {
    // 50.00 USD at 0.8 → 40.00 EUR.
    expect(convertMinor(5000n, decimalToFraction('0.8'), 2, 2)).toBe(4000n);
    // 1,000 JPY at 0.0062 EUR → 6.20 EUR.
    expect(convertMinor(1000n, decimalToFraction('0.0062'), 0, 2)).toBe(620n);
    // 10.00 EUR at 160.125 JPY → 1601.25 yen → 1601 (half-even keeps the even 1601... .25 rounds down).
    expect(convertMinor(1000n, decimalToFraction('160.125'), 2, 0)).toBe(1601n);
    // 0.05 EUR at 150 JPY = 7.5 yen → 8 (even); 0.03 EUR at 150 = 4.5 yen → 4 (even).
    expect(convertMinor(5n, decimalToFraction('150'), 2, 0)).toBe(8n);
    expect(convertMinor(3n, decimalToFraction('150'), 2, 0)).toBe(4n);
    // 1.000 BHD at 2.4 EUR → 2.40 EUR; 1.00 EUR at 0.4 BHD → 0.400 BHD.
    expect(convertMinor(1000n, decimalToFraction('2.4'), 3, 2)).toBe(240n);
    expect(convertMinor(100n, decimalToFraction('0.4'), 2, 3)).toBe(400n);
    // Sums beyond 2^53 stay exact.
    expect(convertMinor(2n ** 60n, decimalToFraction('2'), 2, 2)).toBe(2n ** 61n);
  });

  it('marks each group converted with its rate and day, unconverted in the same currency, or missing', () => {
    const rates = new Map<string, FoundRate | null>([
      [
        rateKey('USD', '2026-11-21'),
        { rate: decimalToFraction('0.8'), rateDate: '2026-11-20', source: 'ecb' },
      ],
      [rateKey('USD', '1990-01-01'), null],
    ]);
    expect(
      convertAmounts(
        [
          { day: '2026-11-21', currency: 'USD', amountMinor: 5000n },
          { day: '2026-11-21', currency: 'EUR', amountMinor: 700n },
          { day: '1990-01-01', currency: 'USD', amountMinor: 5000n },
          { day: '2026-11-21', currency: 'GBP', amountMinor: 100n },
        ],
        'EUR',
        rates,
      ),
    ).toEqual([
      {
        day: '2026-11-21',
        currency: 'USD',
        amountMinor: 5000n,
        converted: true,
        convertedMinor: 4000n,
        rate: '0.8',
        rateDate: '2026-11-20',
        source: 'ecb',
      },
      { day: '2026-11-21', currency: 'EUR', amountMinor: 700n, converted: false, convertedMinor: 700n },
      { day: '1990-01-01', currency: 'USD', amountMinor: 5000n, missing: true },
      { day: '2026-11-21', currency: 'GBP', amountMinor: 100n, missing: true },
    ]);
  });
});
