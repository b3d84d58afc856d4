import { amountsIn } from './parse-amount';
import { hasTotalLabel, NOT_TOTAL, SUBTOTAL } from './parse-total';

/**
 * One line bought, as the receipt prints it: what it is and what it cost (after its own discount). A
 * deduction printed as a line of its own (a bottle deposit returned: "Leergut -3,00") is an item with a
 * negative amount.
 */
export type ReceiptItem = {
  description: string;
  amountCents: number;
  /**
   * The one price printed, when `amountCents` is the quantity times it ("Espresso 2 x 1.80"): the price
   * may as well be the line's total ("Statiegeld 6x 0,90"), and only the receipt's sums can tell.
   */
  printedCents?: number;
};

/** Words of the lines that sum the bill up or pay it: a subtotal, a total, tax, a payment, change. */
const isSummary = (text: string) => SUBTOTAL.test(text) || NOT_TOTAL.test(text) || hasTotalLabel(text);

/**
 * A line after which no item is printed: a summing or paying line with an amount ("Total Qty: 3" prints
 * none, nor does the column heading "Qty Price Amount" above the items).
 */
export const isItemsEnd = (text: string) => amountsIn(text.replace(/-/g, ' ')).length > 0 && isSummary(text);

/** A discount on the item above it ("Disc 10% -0.50", "MemberDiscount", "Rabatt", "Aktion", "Promo"). */
export const DISCOUNT =
  /disc(ount)?\b|\bdiskaun\b|rabatt|remise|sconto|korting|descuento|\bpromo\b|\bsavings?\b|\bcoupon|\bvoucher\b|\baktion|preisvorteil|\bvoordeel\b|r[ée]duction/i;

/**
 * Lines of the header and footer that print a figure with two decimals without being bought: dates,
 * times, phone numbers and registration, invoice, register or table numbers ("Reg No: 1234", "Co. Reg.
 * 1234", "Reg 04", not a coffee's "Reg" size priced beside it), a regular price printed above the price
 * paid ("Reg Price 5.99"), and the shop's address ("31,31A, JALAN HANG TUAH 9" reads as 31.31).
 */
const NOT_AN_ITEM =
  /\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|\b\d{1,2}:\d{2}\b|\b(jalan|jln|lorong|street|road)\b|\b(tel|fax|phone|gst\s*(id|no|reg)|invoice|receipt|bill\s*no|doc|ref|trn)\b|\b(inv|table|counter|terminal|cashier|member|pos|order)\s*(no\.?|#|:|\d)|\breg(istration)?\.?\s*(no\b|#|:|\d+\b(?![.,]\d))|\breg(ular)?\.?\s*price\b|\brcpt\b/i;

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
 * A row of quantity and price under the item's name ("6 Stk x 0,59   3,54", "1,234 kg x 1,69 EUR/kg",
 * "2 @ 3.50   7.00", "2.31 lb @ 1 lb / 0.58"): its first figure is the quantity, and its only words are
 * units, currencies and tax codes ("6x0,5L Bier 4,74" names its item), so the item's name is the line above.
 */
const QUANTITY_ROW =
  /^\W*(\d+(?:[.,]\d+)?)\s*(?:kg|g|lbs?|oz|l|stk|st|pcs?|ea|x)?\s*[x×*@]\s*(?:[€$£¥]|eur\b)?\s*\d/i;
const UNIT_WORD = /^(?:(?:kg|g|lbs?|oz|l|stk|st|pcs?|ea|eur|usd|gbp)x?|x|[a-z])$/i;

function quantityRowOf(text: string): RegExpExecArray | null {
  const row = QUANTITY_ROW.exec(text);
  if (!row) return null;
  const words = text.split(/[^\p{L}]+/u).filter(Boolean);
  return words.every((word) => UNIT_WORD.test(word)) ? row : null;
}

/** A price per unit of weight or count ("1,69 EUR/kg", "€4.88/kg"): a rate, not what the line cost. */
const PER_UNIT =
  /\d[.,]\s?\d{2}\s*(?:[€$£]|eur)?\s*\/\s*(?:kg|g|l|stk|st|pc|ea|lbs?|100\s?g)\b|\b(?:kg|lbs?)\s*\/\s*\d/i;

/**
 * A line's amount printed as taken off: "-3,00", "-¥168", or "3,00-" as German tills print it. A dash
 * with a space after it separates ("Latte - 4.50"), unless it starts the line.
 */
export const DEDUCTION =
  /(?:^\s*-\s?|\s-)(?:[¥€£₹$]|RM\s?)?\d[\d.,]*[.,]\s?\d{2}(?!\d)|\d[.,]\d{2}-(?=\s|$|[a-z])/i;

/**
 * The item lines of a receipt, top to bottom, from the lines above its first subtotal, total, tax or
 * payment line: each with its description (on the line, or on the line above when the OCR or the till put
 * the quantity and price on a row of their own) and its amount (the last amount on the line: "2 x 1.50
 * 3.00" cost 3.00). A discount line lowers the item above it; another line taking money off (a deposit
 * returned) is an item of its own, below zero. A row of weight and price per kilo under an item that
 * already has its amount only says how it was priced. Empty when none were found.
 */
export function findItems(texts: string[]): ReceiptItem[] {
  const end = texts.findIndex(isItemsEnd);
  const region = end >= 0 ? texts.slice(0, end) : texts;
  const items: ReceiptItem[] = [];
  const deductions = new Set<ReceiptItem>();
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
    if (DEDUCTION.test(text)) {
      const taken = amountsIn(text.replace(/-/g, ' ')).at(-1);
      const description = descriptionOf(text, true);
      if (taken !== undefined && hasWords(description)) {
        const deduction = { description, amountCents: -taken };
        items.push(deduction);
        deductions.add(deduction);
      }
      pendingDescription = undefined;
      continue;
    }
    const quantityRow = quantityRowOf(text);
    const amount = quantityRow ? amountOfQuantityRow(text, quantityRow) : amountOf(text);
    const description = quantityRow ? '' : descriptionOf(text, amount !== undefined);
    if (amount === undefined) {
      pendingDescription = hasWords(description) && !isSummary(text) ? description : undefined;
      continue;
    }
    const named = hasWords(description) ? description : pendingDescription;
    pendingDescription = undefined;
    if (named === undefined || amount.cents <= 0) continue;
    items.push({
      description: named,
      amountCents: amount.cents,
      ...(amount.printed === undefined ? {} : { printedCents: amount.printed }),
    });
  }
  // An item whose discount took all of it was free: nothing to split.
  return items.filter((item) => item.amountCents > 0 || deductions.has(item));
}

/** What a line cost, and the one price printed when that is a quantity times it. */
type ItemAmount = { cents: number; printed?: number };

/**
 * What a row of quantity and price cost: its last amount, or the weight times the price per kilo when only
 * that is printed ("1,600 kg x 7,80 EUR/kg" under the item's name cost 12,48, to the cent). Under an item
 * that printed its own amount the row has no name to take, so it adds nothing.
 */
function amountOfQuantityRow(text: string, row: RegExpExecArray): ItemAmount | undefined {
  // The amounts after the quantity: a weight of two decimals ("0,85 kg") is no price.
  const amounts = amountsIn(text.slice(row.index + row[0].length - 1));
  const last = amounts.at(-1);
  if (last === undefined || amounts.length > 1 || !PER_UNIT.test(text)) return amountOf(text);
  const weight = Number((row[1] ?? '').replace(',', '.'));
  return Number.isFinite(weight) ? { cents: Math.round(weight * last) } : undefined;
}

/**
 * What an item line cost: its last amount (the line total: "2 x 1.50 3.00" cost 3.00), or the quantity
 * times the price when only those are printed ("Espresso 2 x 1.80", with the price as printed beside it).
 */
function amountOf(text: string): ItemAmount | undefined {
  const amounts = amountsIn(text);
  const last = amounts.at(-1);
  if (last === undefined) return undefined;
  if (amounts.length !== 1) return { cents: last };
  const quantity = /(?<![\d.,])(\d{1,3})\s*[x×*@]\s*\D{0,3}\d+[.,]\s?\d{2}\W*[a-z]{0,2}\s*$/i.exec(text);
  const times = quantity ? Number(quantity[1]) : 1;
  return times === 1 ? { cents: last } : { cents: times * last, printed: last };
}
