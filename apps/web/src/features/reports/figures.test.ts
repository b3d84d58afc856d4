import { describe, expect, it } from 'vitest';

import { savingsRate } from './figures';

describe('savingsRate', () => {
  it('gives the share of the income kept, to a tenth, and none without income', () => {
    expect(savingsRate('100000', '25000')).toBe(25);
    expect(savingsRate('300000', '100000')).toBe(33.3);
    expect(savingsRate('100000', '-50050')).toBe(-50.1);
    expect(savingsRate('0', '-500')).toBeNull();
  });
});
