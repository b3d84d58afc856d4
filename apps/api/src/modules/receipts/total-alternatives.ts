import { RECEIPT_CONFIDENT, type ReceiptConfidence } from '@paisable/contracts';

import { readableLines } from './extract';
import { amountsIn } from './parse-amount';
import { isItemsEnd } from './parse-items';
import { FINAL_TOTAL, NOT_TOTAL } from './parse-total';
import { labelledAmounts, partOf, strongChecksFor } from './total-checks';
import { signMayBeReadAsDollar, signMayBeReadAsOne, signReadAsDigit } from './total-misreads';

/** The review offers at most this many: more would be a list to read, not a choice. */
const OFFERED = 3;

type Reading = {
  status: string;
  rawText: string | null;
  amountCents: number | null;
  confidence: ReceiptConfidence | null;
};

/**
 * The amounts the review offers in one click when the total read is in doubt: what the receipt may mean
 * as its total instead. Read again from the kept text, like the items. None once the total is sure.
 */
export function otherTotalsOfReading({ status, rawText, amountCents, confidence }: Reading): number[] {
  const doubted = amountCents === null || (confidence !== null && confidence.total < RECEIPT_CONFIDENT);
  if (status !== 'needs_review' || !doubted || !rawText) return [];
  const { lines } = readableLines(rawText.split('\n').map((text) => ({ text })));
  return otherTotals(
    lines.map((line) => line.text),
    amountCents ?? undefined,
  );
}

/**
 * Other totals the receipt may mean, best proven first: amounts printed on it that its own arithmetic
 * confirms (subtotal and tax, cash less change, the card's amount), other totals it prints that are no
 * part of the one read (a second "TOTAL"), and the total read with its currency sign taken for a digit
 * ("176.44" for £76.44).
 */
export function otherTotals(texts: string[], read: number | undefined): number[] {
  // The foot of the bill, where the items end (the items above are no totals), and not the subtotal, a
  // tax or the cash handed over: those are parts of the total or payments.
  const foot = texts.findIndex(isItemsEnd);
  const totalLike = texts
    .slice(Math.max(0, foot))
    .filter((text) => !NOT_TOTAL.test(text) || FINAL_TOTAL.test(text));
  const printed = [...new Set(totalLike.flatMap((text) => amountsIn(text)))];
  const proven = printed
    .map((cents) => ({ cents, proofs: strongChecksFor(texts, cents, false) }))
    .filter(({ proofs }) => proofs > 0)
    .sort((a, b) => b.proofs - a.proofs)
    .map(({ cents }) => cents);
  const rivals = labelledAmounts(texts).filter((cents) => read === undefined || !partOf(texts, cents, read));
  const withoutSign = read === undefined ? [] : signTakenForDigit(texts, read);
  const offered = [...new Set([...proven, ...rivals, ...withoutSign])];
  return offered.filter((cents) => cents > 0 && cents !== read).slice(0, OFFERED);
}

/** "176.44" read where the receipt may print "£76.44": the total without its first digit. */
function signTakenForDigit(texts: string[], read: number): number[] {
  const mayBe =
    signMayBeReadAsOne(texts, read) || signReadAsDigit(texts, read) || signMayBeReadAsDollar(texts, read);
  const whole = String(Math.floor(read / 100));
  if (!mayBe || whole.length < 2) return [];
  return [Number(whole.slice(1)) * 100 + (read % 100)];
}
