import { describe, expect, it } from 'vitest';

import { importAmountText, importNetText } from './import-amounts';

describe('the import preview’s amounts', () => {
  it('are in the currency of the account the rows go into, with its decimals', () => {
    expect(importAmountText(1500, 'JPY')).toBe('¥1,500');
    expect(importAmountText(1234, 'BHD')).toBe('BHD\u00a01.234');
    expect(importAmountText(1250, 'USD')).toBe('$12.50');
  });

  it('add up to the net of the rows to import, signed', () => {
    const rows = [
      { amountCents: 1500, isIncome: false },
      { amountCents: 800, isIncome: false },
      { amountCents: 100000, isIncome: true },
    ];
    expect(importNetText(rows, 'JPY')).toBe('¥97,700');
    expect(importNetText(rows.slice(0, 2), 'JPY')).toBe('-¥2,300');
  });
});
