import { describe, expect, it } from 'vitest';

import {
  addRateInput,
  isRateInForce,
  RATE_MAX_AGE_DAYS,
  RATE_MESSAGES,
  rateCurrency,
  rateValue,
} from './rates';

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

describe('the age of a rate that may still convert a day', () => {
  it.each([
    ['the same day', '2026-11-20', '2026-11-20', true],
    ['Friday’s rate for Monday (a weekend)', '2026-11-20', '2026-11-23', true],
    ['Thursday 24 December for Monday 28th (Christmas)', '2026-12-24', '2026-12-28', true],
    [`exactly ${RATE_MAX_AGE_DAYS} days old`, '2026-11-06', '2026-11-20', true],
    [`${RATE_MAX_AGE_DAYS + 1} days old`, '2026-11-05', '2026-11-20', false],
    ['30 days old', '2026-10-21', '2026-11-20', false],
    ['years old', '2019-03-01', '2026-11-20', false],
    ['a later day’s rate', '2026-11-21', '2026-11-20', false],
    ['across a leap day', '2024-02-20', '2024-03-05', true],
  ])('%s', (_, rateDay, day, inForce) => {
    expect(isRateInForce(rateDay, day)).toBe(inForce);
  });

  it.each([
    ['today’s rate for a day 30 days ahead', '2026-11-20', '2026-12-20', true],
    ['a rate 10 days old today, for a day 30 days ahead', '2026-11-10', '2026-12-20', true],
    ['a rate 20 days old today, for a day ahead', '2026-10-31', '2026-12-20', false],
    ['a rate typed ahead, for its own day', '2026-12-01', '2026-12-20', true],
    ['a past day keeps its own limit', '2026-10-01', '2026-10-20', false],
  ])('a forecast seen on 20 November: %s', (_, rateDay, day, inForce) => {
    expect(isRateInForce(rateDay, day, '2026-11-20')).toBe(inForce);
  });
});
