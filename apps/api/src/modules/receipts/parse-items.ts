import { amountsIn } from './parse-amount';
import { hasTotalLabel, NOT_TOTAL, SUBTOTAL } from './parse-total';

/** One line bought, as the receipt prints it: what it is and what it cost (after its own discount). */
export type ReceiptItem = { description: string; amountCents: number };

/** Words of the lines that sum the bill up or pay it: a subtotal, a total, tax, a payment, change. */
const isSummary = (text: string) => SUBTOTAL.test(text) || NOT_TOTAL.test(text) || hasTotalLabel(text);

/**
 * A line after which no item is printed: a summing or paying line with an amount ("Total Qty: 3" prints
 * none, nor does the column heading "Qty Price Amount" above the items).
 */
export const isItemsEnd = (text: string) => amountsIn(text.replace(/-/g, ' ')).length > 0 && isSummary(text);

/** A discount on the item above it ("Disc 10% -0.50", "Rabatt", "Promo"). */
export const DISCOUNT =
  /\bdisc(ount)?\b|\bdiskaun\b|rabatt|remise|sconto|korting|descuento|\bpromo\b|\bsavings?\b|\bcoupon\b|\bvoucher\b/i;

/**
 * Lines of the header and footer that print a figure with two decimals without being bought: dates,
 * times, phone numbers and registration, invoice or table numbers, and the shop's address ("31,31A,
 * JALAN HANG TUAH 9" reads as 31.31).
 */
const NOT_AN_ITEM =
  /\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|\b\d{1,2}:\d{2}\b|\b(jalan|jln|lorong|street|road)\b|\b(tel|fax|phone|reg|gst\s*(id|no|reg)|invoice|receipt|bill\s*no|doc|ref|trn)\b|\b(inv|table|counter|terminal|cashier|member|pos|order)\s*(no\.?|#|:|\d)/i;

/**
 * A currency's mark printed beside a price ("¥500.00", "500.00円", "JPY 500.00", "RM 5.50", "€3.20"): part
 * of the price, not of the description. Codes count only next to an amount ("Paper CUP" keeps its word).
 */
const MONEY_MARK = String.raw`(?:[¥円€£₹$]|(?<!\p{L})(?:RM|Rp\.?|Rs\.?|[ACS]\$|NZ\$|US\$|MYR|EUR|GBP|INR|JPY|IDR|SGD|AUD|CAD|NZD|USD|CHF)(?!\p{L}))`;
const PRICE = new RegExp(
  String.raw`(?:${MONEY_MARK}\s?)?(?<![\d.,])-?\d+(?:[.,]\d{3})*[.,]\s?\d{2}(?!\d)(?:\s?${MONEY_MARK})?`,
  'gu',
);

/**
 * The parts of an item line that are not its description: amounts, "2 x", "x2", "@", "1 PC", trailing
 * tax codes (SR, ZR, A, B, *) and long article numbers.
 */
function descriptionOf(text: string, priced: boolean): string {
  const words = text
    .replace(PRICE, ' ')
    .replace(/\b\d{5,}\b/g, ' ')
    .replace(/\(\s*\)/g, ' ')
    .replace(
      /(?<![\p{L}])\d+\s*(x|×|\*|@|pcs?|prs?|pairs?|units?|ea|nos?|btls?|pkts?|packs?|box|ctns?|sets?|rolls?|qty)(?![\p{L}\d])|(?<![\p{L}\d])(x|×|@|qty)\s*\d+(?![\p{L}\d])/giu,
      ' ',
    )
    .replace(/(\s(sr|zr|tx|ex|[a-z*#]))+\s*$/i, ' ');
  // The quantity column, left of the price or first: "Bread 2 1.90 3.80" and "2 Bread 3.80" are "Bread"
  // (a line without a price keeps its numbers: "Pencil box 12").
  return (priced ? words.replace(/(\s\d{1,3})+\s*$/, ' ').replace(/^\s*\d{1,3}\s+(?=\p{L})/u, '') : words)
    .replace(/^[^\p{L}\d]+|[^\p{L}\d)%]+$/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The item table's column headings: "Description Qty U/P Amount (RM)". */
const HEADING =
  /^(\W*(qty|quantity|price|amount|amt|rm|description|desc|items?|u\/?p|unit|total|disc|code|menu|product|article|artikel|menge|preis|betrag|prix|montant|qt[ée])\W*)+$/i;

/** A description needs a word (two letters in a row) and is no column heading. */
const hasWords = (description: string) => /\p{L}{2}/u.test(description) && !HEADING.test(description);

/**
 * The item lines of a receipt, top to bottom, from the lines above its first subtotal, total, tax or
 * payment line: each with its description (on the line, or on the line above when the OCR put the
 * quantity and price on a row of their own) and its amount (the last amount on the line: "2 x 1.50
 * 3.00" cost 3.00). A discount line lowers the item above it. Empty when none were found.
 */
export function findItems(texts: string[]): ReceiptItem[] {
  const end = texts.findIndex(isItemsEnd);
  const region = end >= 0 ? texts.slice(0, end) : texts;
  const items: ReceiptItem[] = [];
  // The last line of words without an amount, not yet used as an item's description.
  let pendingDescription: string | undefined;
  for (const text of region) {
    if (DISCOUNT.test(text)) {
      const discount = amountsIn(text.replace(/-/g, ' ')).at(-1);
      const item = items.at(-1);
      if (discount !== undefined && item) item.amountCents -= discount;
      pendingDescription = undefined;
      continue;
    }
    if (NOT_AN_ITEM.test(text)) {
      pendingDescription = undefined;
      continue;
    }
    const amount = amountOf(text);
    const description = descriptionOf(text, amount !== undefined);
    if (amount === undefined) {
      pendingDescription = hasWords(description) && !isSummary(text) ? description : undefined;
      continue;
    }
    const named = hasWords(description) ? description : pendingDescription;
    pendingDescription = undefined;
    if (named === undefined || amount <= 0) continue;
    items.push({ description: named, amountCents: amount });
  }
  // An item whose discount took all of it was free: nothing to split.
  return items.filter((item) => item.amountCents > 0);
}

/**
 * What an item line cost: its last amount (the line total: "2 x 1.50 3.00" cost 3.00), or the quantity
 * times the price when only those are printed ("Espresso 2 x 1.80").
 */
function amountOf(text: string): number | undefined {
  const amounts = amountsIn(text);
  const last = amounts.at(-1);
  if (amounts.length !== 1 || last === undefined) return last;
  const quantity = /(?<![\d.,])(\d{1,3})\s*[x×*@]\s*\D{0,3}\d+[.,]\s?\d{2}\W*[a-z]{0,2}\s*$/i.exec(text);
  return quantity ? Number(quantity[1]) * last : last;
}
