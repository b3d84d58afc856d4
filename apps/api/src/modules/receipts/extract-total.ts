import { RECEIPT_CONFIDENT, RECEIPT_DOUBTS } from '@paisable/contracts';

import type { RecognizedLine } from './ocr/recognizer';
import { amountsIn, oneMisreadApart } from './parse-amount';
import { cashMinusChange, CHANGE, findTotal, lastAmountOn, SUBTOTAL } from './parse-total';
import {
  afterDeduction,
  checksFor,
  deductionBelow,
  labelledAmounts,
  partOf,
  sectionsOf,
  strongChecksFor,
  sumsOfParts,
} from './total-checks';
import {
  confirmedMisread,
  misreadForms,
  signMayBeReadAsDollar,
  signMayBeReadAsOne,
  signReadAsDigit,
} from './total-misreads';

export type ExtractedTotal = { cents: number | undefined; confidence: number; doubts: string[] };

/** A total line read with less confidence than this may have a misread digit. */
const FAINT = 0.8;

/**
 * The grand total and how sure we are of it. The amount comes from the labelled-line rules
 * (parse-total.ts); then the other figures are checked against it, and when they explain another
 * labelled amount but not the chosen one, that one is taken: the tendered cash or an item line read as
 * "TOTAL" is explained by nothing, the real total by the payment and the subtotal plus tax.
 *
 * The rules have no fitted parameters: the weights are orders (a stronger label, a later line), and the
 * confidence is the OCR's confidence of the total's line times a factor per kind of agreement.
 */
export function extractTotal(lines: RecognizedLine[]): ExtractedTotal {
  const texts = lines.map((line) => line.text);
  const labelled = labelledAmounts(texts);
  const chosen = findTotal(texts);
  // Among the chosen amount and every labelled one, the one most figures agree with; a labelled amount
  // beats an unlabelled one that only one figure explains (cash minus a misread change).
  const support = (amount: number) => checksFor(texts, amount) + (labelled.includes(amount) ? 0.5 : 0);
  let cents = chosen;
  // The rules' choice stands unless nothing explains it, or it is no labelled total (cash minus change)
  // and a labelled one is better explained.
  if (chosen === undefined || checksFor(texts, chosen) === 0 || !labelled.includes(chosen)) {
    for (const amount of labelled) {
      if (cents === undefined || support(amount) > support(cents)) cents = amount;
    }
  }
  if (cents === undefined) return { cents, confidence: 0, doubts: [RECEIPT_DOUBTS.noTotal] };
  const read = cents;
  cents =
    pinnedByArithmetic(texts, cents) ??
    confirmedMisread(texts, cents) ??
    tenderedLessChange(texts, cents) ??
    cents;
  // Points or a coupon taken off the total printed: what is left is what was paid.
  cents = afterDeduction(texts, cents) ?? cents;
  // A section of the bill ("Total 0% supplies: 23.64") is no total when the sections add up to a
  // labelled total below them ("Total Payable: 36.36").
  cents = sumOfSections(labelled, cents) ?? cents;

  const isLabelled = labelled.includes(cents);
  // The cash handed over with no change line confirms a total's line, never an amount found elsewhere:
  // a change line the OCR lost makes the cash tendered look paid exactly.
  const strong = strongChecksFor(texts, cents, isLabelled);
  const checks = checksFor(texts, cents, isLabelled);
  // A misread form taken back may be printed nowhere as such: then its figure is the one read.
  const printed = texts.some((text) => amountsIn(text).includes(cents)) ? cents : read;
  const ocrConfidence = Math.max(
    0,
    ...lines.filter((line) => amountsIn(line.text).includes(printed)).map((line) => line.confidence),
  );
  // Sums and payments are the receipt's own proof; the amount printed twice is weaker (an item's
  // price is printed twice too). Nothing confirms it: only an exact text (a PDF's) with a total label
  // is trusted on its own.
  let agreement: number;
  if (strong >= 2) agreement = 1;
  else if (strong === 1) agreement = checks >= 2 ? 0.98 : isLabelled ? 0.95 : 0.75;
  // Two total lines read apart print the same amount ("Total", then "Rounded Total"): a misread digit
  // would have to be made twice. An item's price printed again is weaker.
  else if (checks >= 1) agreement = labelledTwice(labelled, cents) ? 0.95 : isLabelled ? 0.8 : 0.6;
  else agreement = isLabelled ? 0.6 : 0.35;
  const doubts: string[] = [];
  // No total line was read and the amount is the subtotal's, which the subtotal alone "confirms": the
  // tax, service and rounding printed below it (lost with the total line) may be missing from it.
  if (onlySubtotal(texts, cents) && checks <= 1) agreement = Math.min(agreement, 0.35);
  // Two totals printed and nothing sums up to or pays the one taken: asking beats guessing.
  const rivals = labelled.filter((amount) => amount !== cents && !partOf(texts, amount, cents));
  if (strong === 0 && rivals.length > 0) {
    agreement = Math.min(agreement, 0.5);
    doubts.push(RECEIPT_DOUBTS.totalsDisagree);
  }
  // "£76.44" read "176.44" everywhere it is printed: the sums and the payment agree on the misread. A
  // misread form of the total taken on one proof alone ("535.00" for the card's "$35.00") is asked too.
  if (
    signMayBeReadAsOne(texts, cents) ||
    signReadAsDigit(texts, cents) ||
    (strong === 0 && signMayBeReadAsDollar(texts, cents)) ||
    (cents !== read && misreadForms(texts, read).includes(cents) && strong < 2)
  ) {
    agreement = Math.min(agreement, 0.5);
    doubts.push(RECEIPT_DOUBTS.totalFaint);
  }
  if (deductionBelow(texts, cents)) {
    agreement = Math.min(agreement, 0.5);
    doubts.push(RECEIPT_DOUBTS.deductionUnread);
  }
  const confidence = (ocrConfidence || 0.5) * agreement;
  if (checks === 0 || (onlySubtotal(texts, cents) && checks <= 1))
    doubts.push(RECEIPT_DOUBTS.totalUnconfirmed);
  else if (ocrConfidence > 0 && ocrConfidence < FAINT) doubts.push(RECEIPT_DOUBTS.totalFaint);
  // A total sent to review always says why: printed nowhere as such, or read off no total line.
  if (round(confidence) < RECEIPT_CONFIDENT && doubts.length === 0) {
    if (ocrConfidence === 0) doubts.push(RECEIPT_DOUBTS.totalWorkedOut);
    else if (!isLabelled) doubts.push(RECEIPT_DOUBTS.totalUnlabelled);
  }
  return { cents, confidence: round(confidence), doubts };
}

/**
 * The amount is printed only on the subtotal's line, on a receipt that does not say its prices include
 * the tax ("Price Inclusive of GST 6%", where the subtotal is what is paid).
 */
function onlySubtotal(texts: string[], cents: number): boolean {
  const printedOn = texts.filter((text) => amountsIn(text).includes(cents));
  return (
    printedOn.length > 0 &&
    printedOn.every((text) => SUBTOTAL.test(text)) &&
    !texts.some((text) => /\b(incl|inkl|inclusive)/i.test(text))
  );
}

function labelledTwice(labelled: number[], cents: number): boolean {
  return labelled.filter((amount) => amount === cents).length >= 2;
}

/**
 * Sections of a bill that add up to a labelled total printed below them: "Total 6% supplies: 12.72 /
 * Total 0% supplies: 23.64 / Total Payable: 36.36". When the amount taken is one of those sections, the
 * sum is the total. Two to four labelled amounts right above it count.
 */
function sumOfSections(labelled: number[], read: number): number | undefined {
  return labelled.find((sum) => sum > read && sectionsOf(labelled, sum)?.includes(read));
}

/**
 * The value the other figures pin when the total read differs from it by one misread digit ("112.46"
 * for 112.45, "17.5O" for 17.50) or a lost decimal point: subtotal + tax (± rounding), or cash − change.
 * One sum alone could as well hold the misread digit, so the pinned value must be confirmed twice (both
 * sums, or one sum and the value printed again) while the total read is explained by nothing.
 */
function pinnedByArithmetic(texts: string[], read: number): number | undefined {
  if (checksFor(texts, read) > 0) return undefined;
  const paid = cashMinusChange(texts);
  const pinned = [...(paid === undefined ? [] : [paid]), ...sumsOfParts(texts)];
  return pinned.find((value) => value > 0 && oneMisreadApart(value, read) && checksFor(texts, value) >= 2);
}

/**
 * A "total" that is the money handed over ("Accepted total 10.00", then "Change 5.00") on a receipt with
 * no cash line: when it minus the change is the amount printed twice elsewhere (the item and the amount
 * incl. tax) and nothing explains the "total" itself, that amount is what was paid.
 */
function tenderedLessChange(texts: string[], read: number): number | undefined {
  if (cashMinusChange(texts) !== undefined || checksFor(texts, read) > 0) return undefined;
  const change = lastAmountOn(texts, CHANGE);
  if (change === undefined || change <= 0 || change >= read) return undefined;
  const paid = read - change;
  const printed = texts.filter((text) => !CHANGE.test(text) && amountsIn(text).includes(paid)).length;
  return printed >= 2 ? paid : undefined;
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
