import { describe, expect, it } from 'vitest';

import { csvAmount, savingsRate } from './figures';

describe('savingsRate', () => {
  it('gives the share of the income kept, to a tenth, and none without income', () => {
    expect(savingsRate('100000', '25000')).toBe(25);
    expect(savingsRate('300000', '100000')).toBe(33.3);
    expect(savingsRate('100000', '-50050')).toBe(-50.1);
    expect(savingsRate('0', '-500')).toBeNull();
  });
});

describe('csvAmount', () => {
  it('writes a total with its currency’s decimals: whole yen, dinars to the fils', () => {
    expect(csvAmount('150000', 'JPY')).toBe('150000');
    expect(csvAmount('1234', 'BHD')).toBe('1.234');
    expect(csvAmount('-1250', 'USD')).toBe('-12.50');
    expect(csvAmount(null, 'USD')).toBe('');
  });
});
