import { formatCents, parseAmountToCents } from '@paisable/contracts/rules';

import type { SplitDraftLine } from '../transactions/split-lines';

/** A line of the split a receipt's items propose (cents, as the reading carries it). */
type ProposedLine = { category: string; amountCents: number; note: string };

/**
 * Whether the proposal still fits the total typed in the review: it was made for the total read, and a
 * total the user corrected is no longer what the items add up to, so nothing is offered then.
 */
export function proposalFits(proposal: readonly ProposedLine[] | null, amount: string): boolean {
  if (!proposal || proposal.length === 0) return false;
  const typed = parseAmountToCents(amount);
  const sum = proposal.reduce((total, line) => total + line.amountCents, 0);
  return typed.ok && typed.cents === sum;
}

/** The proposal as lines of the split editor, the amounts as text the user may change. */
export function linesOfProposal(proposal: readonly ProposedLine[]): SplitDraftLine[] {
  return proposal.map((line) => ({
    category: line.category,
    amount: formatCents(line.amountCents),
    note: line.note,
  }));
}
