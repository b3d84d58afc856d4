import { describe, expect, it } from 'vitest';

import { describeQueued } from './describe-queued';
import { accountCurrencies } from './pending-rows';

const currencies = accountCurrencies([
  { id: 'main', currency: 'USD', closed: false },
  { id: 'tokyo', currency: 'JPY', closed: false },
  { id: 'manama', currency: 'BHD', closed: false },
]);
const context = { currencies, displayCurrency: 'EUR' };

describe('describeQueued', () => {
  it('names a queued amount in its account’s currency, with that currency’s decimals', () => {
    const konbini = { name: 'Konbini', amount: '1500', date: '2026-11-20', accountId: 'tokyo' };
    expect(describeQueued({ kind: 'create', input: konbini }, context)).toBe(
      'Add “Konbini”, ¥1,500, 2026-11-20',
    );
    const souq = { id: 'r1', name: 'Souq', amount: '1.234', accountId: 'manama' };
    expect(describeQueued({ kind: 'update', input: souq }, context)).toBe('Change “Souq”, BHD\u00a01.234');
  });

  it('takes the first open account for a new row without one, and the display currency for an unknown row', () => {
    expect(describeQueued({ kind: 'create', input: { name: 'Diner', amount: '12.5' } }, context)).toBe(
      'Add “Diner”, $12.50',
    );
    expect(describeQueued({ kind: 'update', input: { id: 'r2', name: 'Bus', amount: 3 } }, context)).toBe(
      'Change “Bus”, €3.00',
    );
    expect(describeQueued({ kind: 'delete', input: { id: 'r3' } }, context)).toBe('Delete the transaction');
  });
});
