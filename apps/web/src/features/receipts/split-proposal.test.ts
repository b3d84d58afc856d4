import { describe, expect, it } from 'vitest';

import { linesOfProposal, proposalFits } from './split-proposal';

const proposal = [
  { category: 'Groceries', amountCents: 1_234_56, note: 'Milk, Bread' },
  { category: 'Shopping', amountCents: 5, note: 'Batteries' },
];

describe('the split a receipt’s items propose, in the review', () => {
  it('is offered only while the total typed is the one the items add up to', () => {
    expect(proposalFits(proposal, '1234.61')).toBe(true);
    expect(proposalFits(proposal, '1234.60')).toBe(false);
    expect(proposalFits(proposal, '')).toBe(false);
    expect(proposalFits(null, '1234.61')).toBe(false);
  });

  it('fills the lines editor with exact amounts as text', () => {
    expect(linesOfProposal(proposal)).toEqual([
      { category: 'Groceries', amount: '1234.56', note: 'Milk, Bread' },
      { category: 'Shopping', amount: '0.05', note: 'Batteries' },
    ]);
  });
});
