import { describe, expect, it } from 'vitest';

import { payeeKey, payeeKeys } from './payee-match';

describe('payee keys', () => {
  it.each([
    ['WHOLE FOODS MKT #10234', 'whole foods'],
    ['Whole Foods', 'whole foods'],
    ['SQ *BLUE BOTTLE COFFEE', 'blue bottle coffee'],
    ['Café Nérée 12', 'cafe neree'],
    ['POS PURCHASE 0412 SHELL OIL 5739', 'shell oil'],
  ])('%s is filed as “%s”', (name, key) => {
    expect(payeeKey(name)).toBe(key);
  });

  it('offers the runs of first words, longest first, never a key too short to name a business', () => {
    expect(payeeKeys('WHOLE FOODS MKT #10234 AUSTIN TX')).toEqual([
      'whole foods austin tx',
      'whole foods austin',
      'whole foods',
      'whole',
    ]);
    expect(payeeKeys('AB 123')).toEqual([]);
    expect(payeeKeys('#4471')).toEqual([]);
  });
});
