import { RECEIPT_DOUBTS } from '@paisable/contracts';

import type { RecognizedLine } from './ocr';
import { amountsIn, oneMisreadApart } from './parse-amount';
import { DISCOUNT, findItems } from './parse-items';
import {
  CARD,
  CASH,
  cashMinusChange,
  cashMinusChangeWithoutPoint,
  CHANGE,
  exactCash,
  FINAL_TOTAL,
  findTotal,
  lastAmountOn,
  NOT_TOTAL,
  SUBTOTAL,
  TOTAL_LABELS,
} from './parse-total';

export type ExtractedTotal = { cents: number | undefined; confidence: number; doubts: string[] };

/** Lines of parts of the total: tax, service charge, rounding; the rate may run into the name ("CGST2.5%"). */
const TAX = /\b(tax|gst|vat|sst|service\s*charge|svc|mwst|tva|iva|btw|ppn|cgst|sgst|igst)(?![a-z])/i;
/** Charges added to the items after the subtotal, as tax is: an e-receipt's delivery, a service or bag fee. */
const FEE = /\b(delivery|shipping|postage|service\s*fee|bag\s*fee|packaging)\b/i;
const SUMMARY = /su[mn]+a?r?y\b|tax\s*code/i;
const ROUNDING = /round|\brnd\b|\br[o0]u\w*\s?d\w*\s+ad/i;
/** A total line read with less confidence than this may have a misread digit. */
const FAINT = 0.8;
/** "Total", also with one letter misread ("Totsl", "T0tal"). */
const TOTAL_WORD = /total|\bt[o0]t[a-z][l1i]\b/i;
/** A total before tax is a subtotal by another name: "Total Sales (Excluding GST)", "Total excl. VAT". */
const BEFORE_TAX = /(total|amount|amt).*\bexcl\w*\.?\s*(of\s*)?(gst|tax|vat|sst)\b/i;
/** Lines that pay the bill: their amount is checked as the payment, not as the total printed again. */
const PAYMENT = new RegExp(`${CASH.source}|${CHANGE.source}|${CARD.source}`, 'i');

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
  const confidence = (ocrConfidence || 0.5) * agreement;
  if (checks === 0) doubts.push(RECEIPT_DOUBTS.totalUnconfirmed);
  else if (ocrConfidence > 0 && ocrConfidence < FAINT) doubts.push(RECEIPT_DOUBTS.totalFaint);
  return { cents, confidence: round(confidence), doubts };
}

function labelledTwice(labelled: number[], cents: number): boolean {
  return labelled.filter((amount) => amount === cents).length >= 2;
}

/** A currency sign glued to an amount, as printed or as the OCR misreads it ("£8.49", "(6.05", "L8.49"). */
const GLUED_SIGN = /(?<![\p{L}\d.,])[£$€¥₹([{|LEf]\d{1,6}[.,]\d{2}(?![\d)])/gu;

/**
 * The total may carry the currency sign read as a "1": the receipt prints its sign glued to the
 * amounts (twice at least, as a sign or as what the OCR makes of one), and the total's figure starts
 * with a bare "1" ("Total 176.44" for £76.44). Every figure carries the same misread, so subtotal,
 * tax and payment all agree with the wrong amount; only a person can tell.
 */
export function signMayBeReadAsOne(texts: string[], cents: number): boolean {
  const glued = texts.reduce((count, text) => count + (text.match(GLUED_SIGN)?.length ?? 0), 0);
  if (glued < 2) return false;
  const printed = (cents / 100).toFixed(2);
  if (!printed.startsWith('1') || cents < 200) return false;
  const bare = new RegExp(`(?<![\\p{L}\\d.,£$€¥₹([{|])${printed.replace('.', '[.,]')}(?!\\d)`, 'u');
  return texts.some((text) => bare.test(text));
}

/**
 * "$" read as a "5" ("TOTAL 535.00" for $35.00) where the receipt prints its sign glued to its other
 * amounts and the total's own figure bare: with nothing paying for it or summing up to it, the 35.00 is
 * as likely as the 535.00 read.
 */
export function signMayBeReadAsDollar(texts: string[], cents: number): boolean {
  const dollars = texts.reduce((count, text) => count + (text.match(/\$\s?\d/g)?.length ?? 0), 0);
  const printed = (cents / 100).toFixed(2);
  if (dollars < 2 || !/^5\d/.test(printed)) return false;
  const bare = new RegExp(`(?<![\\p{L}\\d.,£$€¥₹])${printed.replace('.', '[.,]')}(?!\\d)`, 'u');
  return texts.some((text) => bare.test(text));
}

/**
 * The forms the total read may have had before the OCR misread it: with its first digit dropped (the
 * currency sign read as a digit: "$35.00" as "535.00", "£76.44" as "176.44"), when the receipt prints
 * signs glued to its other amounts; and with its decimal point added or lost ("¥894" as "8.94").
 */
export function misreadForms(texts: string[], read: number): number[] {
  const forms = [read * 100];
  if (read % 100 === 0) forms.push(read / 100);
  const signs = texts.reduce((count, text) => count + (text.match(GLUED_SIGN)?.length ?? 0), 0);
  const whole = String(Math.floor(read / 100));
  if (signs > 0 && whole.length >= 2) forms.push(Number(whole.slice(1)) * 100 + (read % 100));
  return forms;
}

/**
 * A misread form of the total read (misreadForms) that the receipt's own arithmetic confirms (what was
 * paid, what it is made of, its sections) while nothing confirms the amount read: "TOTAL 535.00" above
 * "EFTPOS $35.00" and items adding up to 35.00 is 35.00. An unconfirmed form is never taken.
 */
function confirmedMisread(texts: string[], read: number): number | undefined {
  if (strongChecksFor(texts, read, true) > 0) return undefined;
  return misreadForms(texts, read).find((form) => form > 0 && strongChecksFor(texts, form, false) > 0);
}

/**
 * The total's figure may be another amount of the receipt with its currency sign read as a digit:
 * "Total 517.82" where the card paid "$17.82" (PaddleOCR reads a "$" as a "5" now and then, a "£" as a
 * "1"). The sums may agree with the misread, when the subtotal carries the same one; the payment
 * printed with its sign says what was paid, and only a person can tell which is right.
 */
export function signReadAsDigit(texts: string[], cents: number): boolean {
  const printed = (cents / 100).toFixed(2);
  const rest = printed.slice(1);
  if (!/^[1-9]/.test(rest)) return false;
  const bare = new RegExp(`(?<![\\p{L}\\d.,£$€¥₹])${printed.replace('.', '[.,]')}(?!\\d)`, 'u');
  const signed = new RegExp(`[£$€¥₹]\\s?${rest.replace('.', '[.,]')}(?!\\d)`, 'u');
  return texts.some((text) => bare.test(text)) && texts.some((text) => signed.test(text));
}

/**
 * Sections of a bill that add up to a labelled total printed below them: "Total 6% supplies: 12.72 /
 * Total 0% supplies: 23.64 / Total Payable: 36.36". When the amount taken is one of those sections, the
 * sum is the total. Two to four labelled amounts right above it count.
 */
function sumOfSections(labelled: number[], read: number): number | undefined {
  return labelled.find((sum) => sum > read && sectionsOf(labelled, sum)?.includes(read));
}

/** The labelled amounts just above `sum` that add up to it, or undefined when none do. */
function sectionsOf(labelled: number[], sum: number): number[] | undefined {
  const position = labelled.indexOf(sum);
  for (let count = 2; count <= 4 && position - count >= 0; count += 1) {
    const parts = labelled.slice(position - count, position);
    if (parts.reduce((total, part) => total + part, 0) === sum) return parts;
  }
  return undefined;
}

/** A labelled amount that is a part of the total: a section of it, or what it was before rounding. */
function partOf(texts: string[], part: number, total: number): boolean {
  const labelled = labelledAmounts(texts);
  if (sectionsOf(labelled, total)?.includes(part)) return true;
  const rounding = roundingOf(texts);
  return rounding !== undefined && Math.abs(total - part) === rounding;
}

/**
 * What was paid says the total: cash minus change (also a change whose point the OCR lost), the card's
 * amount, and for the score (`exact`) the cash handed over with no change. The exact cash does not pick
 * the amount: with its change line lost by the OCR, the cash tendered would look paid exactly.
 */
function paysFor(texts: string[], cents: number, exact = false): boolean {
  const paid = [cashMinusChange(texts), lastAmountOn(texts, CARD), cashMinusChangeWithoutPoint(texts)];
  return [...paid, ...(exact ? [exactCash(texts)] : [])].includes(cents);
}

/** Checks that are the receipt's own arithmetic: what was paid, what the total is made of, its sections. */
function strongChecksFor(texts: string[], cents: number, exact: boolean): number {
  return (
    (paysFor(texts, cents, exact) ? 1 : 0) +
    (madeOf(texts, cents) || itemsMakeUp(texts, cents) ? 1 : 0) +
    (sectionsOf(labelledAmounts(texts), cents) ? 1 : 0)
  );
}

/**
 * Two item lines or more that add up to the total, with the tax printed and the rounding: the receipt's
 * own sum, from figures read apart from the total's line. One item is only the amount printed twice.
 */
export function itemsMakeUp(texts: string[], cents: number): boolean {
  const items = findItems(texts);
  if (items.length < 2) return false;
  const sum = items.reduce((total, item) => total + item.amountCents, 0);
  const tax = taxesOf(texts).reduce((total, part) => total + part, 0);
  const rounding = roundingOf(texts) ?? 0;
  return [sum, sum + tax].some((base) => [0, rounding, -rounding].some((step) => base + step === cents));
}

/**
 * Amounts on lines labelled as a total (not subtotal, tax or payment, unless the label says it is the
 * final one), top to bottom, above the tax summary table (whose "Total" lines are the taxable base and the
 * tax).
 */
function labelledAmounts(texts: string[]): number[] {
  const amounts: number[] = [];
  const summary = texts.findIndex((text) => SUMMARY.test(text));
  for (const text of summary >= 0 ? texts.slice(0, summary) : texts) {
    if (!TOTAL_LABELS.some(([pattern]) => pattern.test(text))) continue;
    // The same lines as findTotal's: "Amount to be paid" is a total although "paid" is a payment word.
    if (NOT_TOTAL.test(text) && !FINAL_TOTAL.test(text)) continue;
    const amount = amountsIn(text).at(-1);
    if (amount !== undefined && amount > 0) amounts.push(amount);
  }
  return amounts;
}

/**
 * How many independent figures agree with the total: what was paid (cash minus change, the card
 * amount), what it is made of (subtotal, plus tax and rounding), and the same amount printed again.
 */
export function checksFor(texts: string[], cents: number, exact = false): number {
  let checks = 0;
  const paid = paysFor(texts, cents, exact);
  if (paid) checks += 1;
  if (madeOf(texts, cents)) checks += 1;
  if (sectionsOf(labelledAmounts(texts), cents)) checks += 1;
  // A payment line printing the amount is the payment's check, not a second print of the total.
  const printed = texts.filter(
    (text) => !(paid && PAYMENT.test(text)) && amountsIn(text).includes(cents),
  ).length;
  if (printed >= 2) checks += 1;
  return checks;
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

/** Subtotal, plus the tax lines, each ± the rounding adjustment: what the parts add up to. */
function sumsOfParts(texts: string[]): number[] {
  const subtotal = lastAmountOn(texts, SUBTOTAL) ?? lastAmountOn(texts, BEFORE_TAX);
  if (subtotal === undefined || subtotal === 0) return [];
  const rounding = roundingOf(texts);
  const taxes = taxesOf(texts);
  const tax = taxes.reduce((sum, value) => sum + value, 0);
  const adjustments = rounding !== undefined ? [0, rounding, -rounding] : [0];
  const discount = discountOf(texts);
  const bases = [subtotal, subtotal + tax, ...taxes.map((part) => subtotal + part)].flatMap((base) =>
    discount === undefined ? [base] : [base, base - discount],
  );
  return bases.flatMap((base) => adjustments.map((adjustment) => base + adjustment));
}

/** The discount on the whole bill, printed below the subtotal ("Remise fidélité -1,00"), or undefined. */
function discountOf(texts: string[]): number | undefined {
  const subtotal = texts.findIndex((text) => SUBTOTAL.test(text));
  if (subtotal < 0) return undefined;
  const below = texts.slice(subtotal + 1).map((text) => text.replace(/-/g, ' '));
  const discount = lastAmountOn(below, DISCOUNT);
  return discount !== undefined && discount > 0 ? discount : undefined;
}

/** The rounding adjustment line, not the "Total Rounded" line: printed with a minus sign or without. */
export function roundingOf(texts: string[]): number | undefined {
  // A "Rounding" line that prints the rounded total itself is no adjustment: those are a few cents.
  const rounding = lastAmountOn(
    texts
      .filter((text) => !/total|\bttl\b/i.test(text))
      .map((text) => text.replace(/-/g, ' '))
      .filter((text) => (amountsIn(text).at(-1) ?? 0) <= 10),
    ROUNDING,
  );
  return rounding !== undefined && rounding > 0 && rounding <= 10 ? rounding : undefined;
}

/** The tax, service charge and fee amounts: "Total GST 6.37" too, but not a total including the tax. */
export function taxesOf(texts: string[]): number[] {
  const notTax = (text: string) => /total/i.test(text) && !/total\s*(gst|tax|vat|sst)\b/i.test(text);
  return texts
    .filter(
      (text) =>
        (TAX.test(text) || FEE.test(text)) && !SUBTOTAL.test(text) && !notTax(text) && !/%\s*$/.test(text),
    )
    .map((text) => amountsIn(text).at(-1) ?? 0);
}

/**
 * Subtotal + tax lines ± rounding = total (each part optional but the subtotal), or the total before
 * rounding ± the rounding adjustment.
 */
function madeOf(texts: string[], cents: number): boolean {
  const rounding = roundingOf(texts);
  if (rounding !== undefined) {
    const beforeRounding = texts
      .filter((text) => TOTAL_WORD.test(text) && !SUBTOTAL.test(text) && !ROUNDING.test(text))
      .flatMap((text) => amountsIn(text));
    if (beforeRounding.some((amount) => amount + rounding === cents || amount - rounding === cents))
      return true;
  }
  return sumsOfParts(texts).includes(cents);
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
