import { describe, expect, it } from 'vitest';

import type { Conversion } from '@paisable/contracts';

import { conversionText, currencyWords, isUnknownRow } from './conversion-text';

describe('what a converted figure says', () => {
  it('names the newest rate of each currency with its day and source', () => {
    expect(
      conversionText(
        {
          rates: [
            { currency: 'EUR', rate: '1.25', date: '2026-11-20', source: 'user' },
            { currency: 'JPY', rate: '0.0067', date: '2026-11-19', source: 'ecb' },
          ],
          missing: [],
        },
        'USD',
      ),
    ).toEqual([
      'EUR converted at each day’s rate: latest 1 EUR = 1.25 USD (Nov 20, 2026, typed by you).',
      'JPY converted at each day’s rate: latest 1 JPY = 0.0067 USD (Nov 19, 2026, ECB reference rate).',
    ]);
  });

  it('says a budget set in another currency was converted at one rate', () => {
    expect(
      conversionText(
        { rates: [{ currency: 'USD', rate: '0.8', date: '2026-11-30', source: 'user' }], missing: [] },
        'EUR',
        true,
      ),
    ).toEqual(['Budget set in USD, converted at 1 USD = 0.8 EUR (Nov 30, 2026, typed by you).']);
  });

  it('says which amounts were left out for want of a rate, never taking them at 1', () => {
    expect(
      conversionText(
        { rates: [], missing: [{ currency: 'GBP', from: '2026-11-01', to: '2026-11-03' }] },
        'EUR',
      ),
    ).toEqual([
      'No GBP to EUR rate for Nov 1, 2026 – Nov 3, 2026: those amounts are left out. Add one in Settings → Exchange rates.',
    ]);
  });

  it('names a currency by its name and code', () => {
    expect(currencyWords('USD')).toBe('United States Dollar (USD)');
    expect(currencyWords('JPY')).toBe('Japanese Yen (JPY)');
  });
});

describe('a row of figures under one conversion', () => {
  const noRate: Conversion = {
    rates: [],
    missing: [{ currency: 'EUR', from: '2025-03-01', to: '2025-03-31' }],
  };
  it('is not known only when every figure is: a real zero beside a counted figure stays a zero', () => {
    expect(isUnknownRow(['0', '0'], noRate)).toBe(true);
    expect(isUnknownRow(['0', '5000'], noRate)).toBe(false);
    expect(isUnknownRow(['0', '0'], undefined)).toBe(false);
  });
});
