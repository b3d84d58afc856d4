import {
  formatCents,
  formatMinor,
  hundredthsInCurrency,
  parseAmountInCurrency,
} from '@paisable/contracts/rules';

import type { SplitDraftLine } from '../transactions/split-lines';

/** A line of the split a receipt's items propose, in the minor unit of the account the expense goes to. */
type ProposedLine = { category: string; amountCents: number; note: string };

/**
 * The total read (hundredths) as the review's text, with the decimals of the account's currency: "1500"
 * for ¥1,500, "12.50" for dollars, "1.230" for dinars. A total with cents the currency lacks (12.50 read
 * for a yen account) is shown as read, for the user to correct (saving it says why it is refused).
 */
export function totalText(hundredths: number | null | undefined, accountCurrency: string): string {
  if (hundredths === null || hundredths === undefined) return '';
  const minor = hundredthsInCurrency(hundredths, accountCurrency);
  return minor === null ? formatCents(hundredths) : formatMinor(minor, accountCurrency);
}

/**
 * Whether the proposal still fits the total typed in the review: it was made for the total read, and a
 * total the user corrected is no longer what the items add up to, so nothing is offered then.
 */
export function proposalFits(
  proposal: readonly ProposedLine[] | null,
  amount: string,
  accountCurrency: string,
): boolean {
  if (!proposal || proposal.length === 0) return false;
  const typed = parseAmountInCurrency(amount.trim(), accountCurrency);
  const sum = proposal.reduce((total, line) => total + line.amountCents, 0);
  return typed.ok && typed.minor === sum;
}

/** The proposal as lines of the split editor, the amounts as text the user may change ("500" yen). */
export function linesOfProposal(
  proposal: readonly ProposedLine[],
  accountCurrency: string,
): SplitDraftLine[] {
  return proposal.map((line) => ({
    category: line.category,
    amount: formatMinor(line.amountCents, accountCurrency),
    note: line.note,
  }));
}
