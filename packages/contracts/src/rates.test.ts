import { describe, expect, it } from 'vitest';

import { addRateInput, RATE_MESSAGES, rateCurrency, rateValue } from './rates';

describe('exchange rate contracts', () => {
  it('keeps a rate as exact decimal text in one spelling', () => {
    expect(rateValue.parse(0.8)).toBe('0.8');
    expect(rateValue.parse('000160.1200')).toBe('160.12');
    expect(rateValue.parse(1e-7)).toBe('0.0000001');
    expect(rateValue.parse('1000000')).toBe('1000000');
  });

  it.each([
    [0, RATE_MESSAGES.rateNotPositive],
    ['-1', RATE_MESSAGES.rateNotPositive],
    [1_000_000.5, RATE_MESSAGES.rateTooLarge],
    ['0.00000000001', RATE_MESSAGES.rateTooPrecise],
    ['1,5', RATE_MESSAGES.rateInvalid],
    [Number.NaN, RATE_MESSAGES.rateInvalid],
    ['', RATE_MESSAGES.rateRequired],
  ])('refuses the rate %s', (rate, message) => {
    expect(rateValue.safeParse(rate).error?.issues[0]?.message).toBe(message);
  });

  it('reads currency codes in capitals and refuses unknown ones', () => {
    expect(rateCurrency.parse(' usd ')).toBe('USD');
    expect(rateCurrency.safeParse('ZZZ').error?.issues[0]?.message).toBe(
      RATE_MESSAGES.currencyUnknown('ZZZ'),
    );
    expect(rateCurrency.safeParse('EURO').error?.issues[0]?.message).toBe(RATE_MESSAGES.currencyInvalid);
    expect(
      addRateInput.safeParse({ date: '2026-01-02', base: 'EUR', quote: 'eur', rate: 1 }).error?.issues[0]
        ?.message,
    ).toBe(RATE_MESSAGES.sameCurrency);
  });
});
