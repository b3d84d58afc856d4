import { fuelPriceMakesUp } from './fuel';
import { amountsIn } from './parse-amount';
import { DISCOUNT, findItems } from './parse-items';
import {
  CARD,
  CASH,
  cashLessSecondAmount,
  cashMinusChange,
  cashMinusChangeWithoutPoint,
  CHANGE,
  exactCash,
  FINAL_TOTAL,
  hasTotalLabel,
  lastAmountOn,
  NOT_TOTAL,
  SUBTOTAL,
} from './parse-total';

/*
 * The receipt's own arithmetic, against which a total read is checked (extract-total.ts): what was paid
 * (cash minus change, the card's amount), what the total is made of (subtotal, tax and fees, rounding,
 * a discount; the items), the sections of a bill that add up to it, and the amount printed again.
 */

/**
 * Lines of parts of the total: tax (Canada's provincial PST, HST, QST too), a service charge (also "Optional
 * Service 12.5%"), rounding; the rate may run into the name and the name into the words before it ("CGST2.5%", "MA MealsTax7%").
 */
const TAX =
  /(\btax|\Btax(?=\d)|\b(?:sales\s*tax|gst|vat|sst|pst|hst|qst|service\s*charge|service(?=\s*\d+(?:[.,]\d+)?\s*%)|svc|mwst|tva|iva|btw|ppn|cgst|sgst|igst))(?![a-z])/i;

/** Charges added to the items after the subtotal, as tax is: an e-receipt's delivery, a service or bag fee. */
const FEE = /\b(delivery|shipping|postage|service\s*fee|bag\s*fee|packaging|surcharge)\b/i;

/** A tip added on the card slip or the bill, in the languages of the receipts read. */
const TIP = /\btip\b|gratuity|trinkgeld|pourboire|propina|mancia|\bfooi\b/i;
/** Tips offered, not added: "Tip guide", "Suggested gratuity: 18% = 10.35". */
const TIP_OFFERED = /guide|suggest|optional/i;

/** The tax summary table's heading: the "Total" lines below it are the taxable base and the tax. */
const SUMMARY = /su[mn]+a?r?y\b|tax\s*code/i;
/** The rounding adjustment's label ("Rounding Adj", "Rnd"), as printed or misread. */
export const ROUNDING = /\bround|\brnd\b|\br[o0]u\w*\s?d\w*\s+ad/i;

/** "Total", also with one letter misread ("Totsl", "T0tal"). */
const TOTAL_WORD = /total|\bt[o0]t[a-z][l1i]\b/i;

/** A total before tax is a subtotal by another name: "Total Sales (Excluding GST)", "Total excl. VAT", "Total HT". */
const BEFORE_TAX = /(total|amount|amt).*\bexcl\w*\.?\s*(of\s*)?(gst|tax|vat|sst)\b|total\s*ht\b/i;

/** India's "Taxable Value", Malaysia's "TAXABLE AMT (S)": the base the tax is charged on, one line per rate. */
const TAXABLE = /taxable\s*(value|amount|amt)/i;

/** Lines that pay the bill: their amount is checked as the payment, not as the total printed again. */
export const PAYMENT = new RegExp(`${CASH.source}|${CHANGE.source}|${CARD.source}`, 'i');

/** The labelled amounts just above `sum` that add up to it, or undefined when none do. */
export function sectionsOf(labelled: number[], sum: number): number[] | undefined {
  const position = labelled.indexOf(sum);
  for (let count = 2; count <= 4 && position - count >= 0; count += 1) {
    const parts = labelled.slice(position - count, position);
    if (parts.reduce((total, part) => total + part, 0) === sum) return parts;
  }
  return undefined;
}

/**
 * A labelled amount that is a part of the total: a section of it, what it was before rounding, before
 * the tip, or before a deduction (points, a coupon).
 */
export function partOf(texts: string[], part: number, total: number): boolean {
  const labelled = labelledAmounts(texts);
  if (sectionsOf(labelled, total)?.includes(part)) return true;
  const tip = tipOf(texts);
  if (tip && part + tip.cents === total) return true;
  if (afterDeduction(texts, part) === total) return true;
  const rounding = roundingOf(texts);
  return rounding !== undefined && Math.abs(total - part) === rounding;
}

/**
 * What was paid says the total: cash minus change (also a change whose point the OCR lost, or whose
 * amount ran into the cash line), the card's amount, and for the score (`exact`) the cash handed over
 * with no change. The exact cash does not pick the amount: with its change line lost by the OCR, the
 * cash tendered would look paid exactly.
 */
function paysFor(texts: string[], cents: number, exact = false): boolean {
  const paid = [
    cashMinusChange(texts),
    lastAmountOn(texts, CARD),
    cashMinusChangeWithoutPoint(texts),
    cashLessSecondAmount(texts),
    splitPayment(texts),
  ];
  return [...paid, ...(exact ? [exactCash(texts)] : [])].includes(cents);
}

/**
 * A bill paid in parts: "Paid by UPI 24,500.00 / Credit Card 1,00,000.00" below the total. Only
 * different amounts add up: a slip that prints the one card payment twice pays it once.
 */
function splitPayment(texts: string[]): number | undefined {
  const firstTotal = texts.findIndex(hasTotalLabel);
  if (firstTotal < 0) return undefined;
  // A gift card's balance left is no payment.
  const payments = texts
    .slice(firstTotal + 1)
    .filter((text) => CARD.test(text) && !CHANGE.test(text) && !/balance/i.test(text))
    .map((text) => amountsIn(text))
    .filter((amounts) => amounts.length === 1)
    .map(([cents]) => cents ?? 0);
  if (payments.length < 2 || new Set(payments).size < payments.length) return undefined;
  return payments.reduce((sum, part) => sum + part, 0);
}

/** Checks that are the receipt's own arithmetic: what was paid, what the total is made of, its sections. */
export function strongChecksFor(texts: string[], cents: number, exact: boolean): number {
  return (
    (paysFor(texts, cents, exact) ? 1 : 0) +
    (madeOf(texts, cents) ||
    itemsMakeUp(texts, cents) ||
    fuelPriceMakesUp(texts, cents) ||
    afterTip(texts, cents) ||
    leftAfterDeduction(texts, cents)
      ? 1
      : 0) +
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
export function labelledAmounts(texts: string[]): number[] {
  const amounts: number[] = [];
  const summary = texts.findIndex((text) => SUMMARY.test(text));
  for (const text of summary >= 0 ? texts.slice(0, summary) : texts) {
    if (!hasTotalLabel(text)) continue;
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
  if (
    madeOf(texts, cents) ||
    afterTip(texts, cents) ||
    leftAfterDeduction(texts, cents) ||
    fuelPriceMakesUp(texts, cents)
  )
    checks += 1;
  if (sectionsOf(labelledAmounts(texts), cents)) checks += 1;
  // A payment line printing the amount is the payment's check, not a second print of the total.
  const printed = texts.filter(
    (text) => !(paid && PAYMENT.test(text)) && amountsIn(text).includes(cents),
  ).length;
  if (printed >= 2) checks += 1;
  return checks;
}

/** Subtotal, plus the tax lines, each ± the rounding adjustment: what the parts add up to. */
export function sumsOfParts(texts: string[]): number[] {
  const subtotal = lastAmountOn(texts, SUBTOTAL) ?? lastAmountOn(texts, BEFORE_TAX) ?? taxableBase(texts);
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

/**
 * The taxable amounts of each rate added up ("TAXABLE AMT (S) 21.32 / TAXABLE AMT (Z) 0.00"), or
 * undefined when none is printed.
 */
function taxableBase(texts: string[]): number | undefined {
  const bases = texts.filter((text) => TAXABLE.test(text)).map((text) => amountsIn(text).at(-1) ?? 0);
  return bases.length > 0 ? bases.reduce((sum, base) => sum + base, 0) : undefined;
}

/** The discount on the whole bill, printed below the subtotal ("Remise fidélité -1,00"), or undefined. */
function discountOf(texts: string[]): number | undefined {
  const subtotal = texts.findIndex((text) => SUBTOTAL.test(text));
  if (subtotal < 0) return undefined;
  const below = texts.slice(subtotal + 1).map((text) => text.replace(/-/g, ' '));
  const discount = lastAmountOn(below, DISCOUNT);
  return discount !== undefined && discount > 0 ? discount : undefined;
}

/**
 * The largest rounding adjustment, in hundredths: half a unit, for a bill rounded to the whole rupee
 * ("Round Off +0.42"); Malaysia's and Switzerland's roundings to 5 cents are a few hundredths.
 */
const ROUNDING_MAX = 50;

/** The rounding adjustment line, not the "Total Rounded" line: printed with a sign or without. */
export function roundingOf(texts: string[]): number | undefined {
  // A "Rounding" line that prints the rounded total itself is no adjustment: those are under half a unit.
  const rounding = lastAmountOn(
    texts
      .filter((text) => !/total|\bttl\b/i.test(text))
      .map((text) => text.replace(/-/g, ' '))
      .filter((text) => (amountsIn(text).at(-1) ?? 0) <= ROUNDING_MAX),
    ROUNDING,
  );
  return rounding !== undefined && rounding > 0 && rounding <= ROUNDING_MAX ? rounding : undefined;
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

/** Money taken off a total after it is printed: points redeemed, a coupon or voucher, deposit returned. */
const DEDUCTION =
  /points?\s*(used|redeemed|redemption)|redeem|coupon|voucher|gutschein|leergut|statiegeld|bon\s*d.achat|buono\s*sconto/i;

/**
 * What is left to pay after a deduction printed right below a total, when the receipt prints it further
 * down: "Total (tax incl.) ¥4,024 / Points used -¥500 / Amount due ¥3,524" (or the card's ¥3,524).
 */
export function afterDeduction(texts: string[], total: number): number | undefined {
  for (const [index, line] of texts.entries()) {
    if (!DEDUCTION.test(line)) continue;
    const above = texts.slice(Math.max(0, index - 3), index);
    if (!above.some((text) => amountsIn(text).includes(total))) continue;
    const deduction = amountsIn(line.replace(/-/g, ' ')).at(-1);
    if (deduction === undefined || deduction <= 0 || deduction >= total) continue;
    const left = total - deduction;
    if (texts.slice(index + 1).some((text) => amountsIn(text).includes(left))) return left;
  }
  return undefined;
}

/**
 * A deduction printed below the total's line that the payments do not settle: what was paid may be the
 * total less points or a voucher whose amount the OCR could not read.
 */
export function deductionBelow(texts: string[], cents: number): boolean {
  const totalLine = texts.findLastIndex((text) => amountsIn(text).includes(cents));
  return (
    totalLine >= 0 &&
    texts.slice(totalLine + 1).some((text) => DEDUCTION.test(text)) &&
    !paysFor(texts, cents, true)
  );
}

/** A total printed above a deduction leaves this amount to pay (afterDeduction). */
function leftAfterDeduction(texts: string[], cents: number): boolean {
  return texts.some((text) => amountsIn(text).some((total) => afterDeduction(texts, total) === cents));
}

/** The tip written in: the last line with a tip word and one amount, not a table of suggested tips. */
function tipOf(texts: string[]): { index: number; cents: number } | undefined {
  const index = texts.findLastIndex(
    (text) => TIP.test(text) && !TIP_OFFERED.test(text) && amountsIn(text).length === 1,
  );
  const cents = amountsIn(texts[index] ?? '')[0];
  return cents ? { index, cents } : undefined;
}

/**
 * The total after the tip, printed below the tip line, is the amount above it plus the tip: "Amount
 * 61.81 / + Tip 12.00 / = Total 73.81" on a card slip, "Purchase 88.85 / Tip 15.99 / TOTAL 104.84".
 */
function afterTip(texts: string[], cents: number): boolean {
  const tip = tipOf(texts);
  if (!tip) return false;
  const before = texts.slice(Math.max(0, tip.index - 3), tip.index);
  const after = texts.slice(tip.index + 1);
  return (
    before.some((text) => (amountsIn(text).at(-1) ?? 0) + tip.cents === cents) &&
    after.some((text) => amountsIn(text).includes(cents))
  );
}
