import { describe, expect, it } from 'vitest';

import {
  addDays,
  formatDate,
  formatMoney,
  formatMoneyTotal,
  formatPaidAbroad,
  todayIn,
  totalToNumber,
} from './format';

describe('formatMoney', () => {
  it('formats en-US in the amount’s own currency, with its decimals', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'INR')).toBe('₹1,234.50');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(-5, 'GBP')).toBe('-£5.00');
    expect(formatMoney(1.234, 'BHD')).toBe('BHD\u00a01.234');
    expect(formatMoney(3, 'USD')).toBe('$3.00');
  });

  it('tells the dollars apart as Intl does: $ is the US dollar', () => {
    expect(formatMoney(20, 'CAD')).toBe('CA$20.00');
    expect(formatMoney(20, 'AUD')).toBe('A$20.00');
    expect(formatMoney(20, 'USD')).toBe('$20.00');
  });

  it('shows a yen amount without decimals: yen have none', () => {
    expect(formatMoney(18075, 'JPY')).toBe('¥18,075');
    expect(formatMoney(12, 'KRW')).toBe('₩12');
  });
});

describe('formatMoneyTotal', () => {
  it('formats a total of the currency’s minor units as formatMoney formats its amount', () => {
    expect(formatMoneyTotal('123450', 'USD')).toBe(formatMoney(1234.5, 'USD'));
    expect(formatMoneyTotal('1500', 'JPY')).toBe('¥1,500');
    expect(formatMoneyTotal('-1500', 'JPY')).toBe('-¥1,500');
    expect(formatMoneyTotal('1234', 'KWD')).toBe(formatMoney(1.234, 'KWD'));
    expect(formatMoneyTotal('300', 'USD')).toBe('$3.00');
    expect(formatMoneyTotal('0', 'USD')).toBe('$0.00');
  });

  it('shows every digit of a total past 2^53 minor units', () => {
    expect(formatMoneyTotal('9999999999999901', 'USD')).toBe('$99,999,999,999,999.01');
    expect(formatMoneyTotal('-9007199254740993', 'EUR')).toBe('-€90,071,992,547,409.93');
    expect(formatMoneyTotal('9007199254740993', 'JPY')).toBe('¥9,007,199,254,740,993');
  });
});

describe('totalToNumber', () => {
  it('reads a total in whole units of its own currency, by its minor unit', () => {
    expect(totalToNumber('150000', 'JPY')).toBe(150000);
    expect(totalToNumber('-1500', 'JPY')).toBe(-1500);
    expect(totalToNumber('1234', 'BHD')).toBe(1.234);
    expect(totalToNumber('1500000', 'KWD')).toBe(1500);
    expect(totalToNumber('123456', 'USD')).toBe(1234.56);
    expect(totalToNumber('0', 'EUR')).toBe(0);
  });
});

describe('formatPaidAbroad', () => {
  it('says what was paid in the other currency, with its decimals', () => {
    expect(formatPaidAbroad(5000, 'EUR')).toBe('paid 50.00 EUR');
    expect(formatPaidAbroad(1500, 'JPY')).toBe('paid 1500 JPY');
  });
});

describe('formatDate', () => {
  it('shows the calendar date whatever the time zone', () => {
    expect(formatDate('2025-01-31')).toBe('Jan 31, 2025');
    expect(formatDate('2025-01-01T00:00:00.000Z')).toBe('Jan 1, 2025');
  });
});

describe('addDays', () => {
  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-01-30', -29)).toBe('2025-01-01');
  });
});

describe('todayIn', () => {
  it("is the calendar day where the user is, not the browser's or UTC's", () => {
    const instant = new Date('2025-03-01T06:30:00Z');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2025-02-28');
    expect(todayIn('UTC', instant)).toBe('2025-03-01');
    expect(todayIn('Pacific/Kiritimati', new Date('2025-12-31T10:30:00Z'))).toBe('2026-01-01');
  });
});
