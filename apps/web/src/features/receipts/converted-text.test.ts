import { describe, expect, it } from 'vitest';

import { convertedText } from './converted-text';

describe('the printed total converted for the review', () => {
  it('converts exactly into the decimals of the account’s currency', () => {
    expect(convertedText('3.75', 'EUR', 'USD', '1.0832')).toBe('4.06');
    expect(convertedText('1280', 'JPY', 'USD', '0.0067')).toBe('8.58');
    expect(convertedText('10.00', 'USD', 'JPY', '149.5')).toBe('1495');
  });

  it('offers nothing for a total that converts to no cent, or is no amount of its currency', () => {
    expect(convertedText('50', 'IDR', 'USD', '0.000063')).toBeNull();
    expect(convertedText('12.5', 'JPY', 'USD', '0.0067')).toBeNull();
    expect(convertedText('', 'EUR', 'USD', '1.0832')).toBeNull();
  });
});
