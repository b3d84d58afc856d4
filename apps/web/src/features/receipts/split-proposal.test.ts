import { describe, expect, it } from 'vitest';

import { linesOfProposal, proposalFits, totalText } from './split-proposal';

const proposal = [
  { category: 'Groceries', amountCents: 1_234_56, note: 'Milk, Bread' },
  { category: 'Shopping', amountCents: 5, note: 'Batteries' },
];
/** A receipt read as ¥1,500 whose items are ¥500 and ¥1,000, for a yen account. */
const yenProposal = [
  { category: 'Food', amountCents: 500, note: 'Onigiri' },
  { category: 'Shopping', amountCents: 1000, note: 'Soap' },
];

describe('the split a receipt’s items propose, in the review', () => {
  it('is offered only while the total typed is the one the items add up to', () => {
    expect(proposalFits(proposal, '1234.61', 'USD')).toBe(true);
    expect(proposalFits(proposal, '1234.60', 'USD')).toBe(false);
    expect(proposalFits(proposal, '', 'USD')).toBe(false);
    expect(proposalFits(null, '1234.61', 'USD')).toBe(false);
  });

  it('fills the lines editor with exact amounts as text', () => {
    expect(linesOfProposal(proposal, 'USD')).toEqual([
      { category: 'Groceries', amount: '1234.56', note: 'Milk, Bread' },
      { category: 'Shopping', amount: '0.05', note: 'Batteries' },
    ]);
  });

  it('reads the total and the lines in the yen or dinar account’s own unit', () => {
    expect(totalText(150000, 'JPY')).toBe('1500');
    expect(proposalFits(yenProposal, totalText(150000, 'JPY'), 'JPY')).toBe(true);
    expect(linesOfProposal(yenProposal, 'JPY').map((line) => line.amount)).toEqual(['500', '1000']);
    expect(totalText(123, 'BHD')).toBe('1.230');
    expect(linesOfProposal([{ category: 'Food', amountCents: 1230, note: '' }], 'BHD')[0]?.amount).toBe(
      '1.230',
    );
    // Cents read for a yen account stay as read, for the user to correct.
    expect(totalText(1250, 'JPY')).toBe('12.50');
    expect(totalText(null, 'JPY')).toBe('');
  });
});
