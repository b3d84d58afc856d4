import { SPLIT_CATEGORY, SPLIT_LINES_MAX, SPLIT_LINES_MIN } from '@paisable/contracts';

import { hundredthsIn } from './account-units';
import { readableLines } from './extract';
import { amountsIn } from './parse-amount';
import { guessCategory } from './parse-category';
import { DEDUCTION, DISCOUNT, findItems, isItemsEnd, type ReceiptItem } from './parse-items';
import { lastAmountOn } from './parse-total';
import { PAYMENT, ROUNDING, roundingOf, taxesOf } from './total-checks';

/**
 * One line of the split a receipt proposes: the items of one category, with their share of the tax, in
 * the minor unit of the account the expense goes to.
 */
export type ProposedSplitLine = { category: string; amountCents: number; note: string };

/** A tip the customer added ("Tip 9.00", "Gratuity"), paid with the bill. */
const TIP = /\btip\b|gratuity/i;

/** A line's note names its items; a long list is cut here. */
const NOTE_LENGTH = 120;

/**
 * Whether the items make the total exactly, with what the receipt prints below them: its tax and
 * service lines (all, or one of them when a tax table repeats them), a tip, a discount on the whole bill,
 * the rounding adjustment and the amounts taken off after the total (an insurer's share at a pharmacy, a
 * voucher). Nothing else is assumed: a receipt whose items were misread, or whose total is not the one
 * read, does not add up, and then no split is proposed.
 */
export function itemsAddUp(texts: string[], items: ReceiptItem[], totalCents: number | null): boolean {
  if (items.length === 0 || totalCents === null) return false;
  const sum = items.reduce((total, item) => total + item.amountCents, 0);
  return addedBelowItems(texts).some((added) => sum + added === totalCents);
}

/** What may stand between the items' sum and the total, each way the lines below the items allow. */
function addedBelowItems(texts: string[]): number[] {
  const end = texts.findIndex(isItemsEnd);
  const below = end >= 0 ? texts.slice(end) : [];
  const taxes = taxesOf(below).filter((cents) => cents > 0);
  const taxTotal = taxes.reduce((total, cents) => total + cents, 0);
  const rounding = roundingOf(below);
  const discount = amountsIn(
    below
      .filter((text) => DISCOUNT.test(text))
      .at(-1)
      ?.replace(/-/g, ' ') ?? '',
  ).at(-1);
  const takenOff = below
    .filter(
      (text) => DEDUCTION.test(text) && !DISCOUNT.test(text) && !ROUNDING.test(text) && !PAYMENT.test(text),
    )
    .reduce((total, text) => total + (amountsIn(text.replace(/-/g, ' ')).at(-1) ?? 0), 0);
  // A tip or gratuity the customer added comes on top of the tax.
  const tip = lastAmountOn(below, TIP);
  const added = [0, taxTotal, ...taxes].flatMap((tax) => (tip ? [tax, tax + tip] : [tax]));
  const roundings = rounding === undefined ? [0] : [0, rounding, -rounding];
  const discounts = discount === undefined ? [0] : [0, -discount];
  const deductions = takenOff === 0 ? [0] : [0, -takenOff];
  return added.flatMap((tax) =>
    roundings.flatMap((round) =>
      discounts.flatMap((off) => deductions.map((taken) => tax + round + off + taken)),
    ),
  );
}

/** At most this many items are read another way (a sign dropped, a price that is the line's total). */
const SUSPECTS_MAX = 8;

/**
 * The items as paid: when they do not add up to the total as read (itemsAddUp) but do with some amounts
 * read another way, and exactly one choice of those readings adds up, the items so read. The other
 * readings of an amount: without its first digit, a currency sign the OCR read as a digit ("$18.50" as
 * "518.50", "₹165.00" as "1165.00"); and the price printed on a line of quantity and price, as that line's
 * total rather than the price of one ("Statiegeld 6x 0,90"). Items that add up as read, or that add up in
 * more than one way, stay as read.
 */
export function itemsAsPaid(texts: string[], items: ReceiptItem[], totalCents: number | null): ReceiptItem[] {
  if (totalCents === null || items.length === 0 || itemsAddUp(texts, items, totalCents)) return items;
  const suspects = items.flatMap((item, index) => {
    const others = [signDropped(item.amountCents), item.printedCents].filter(
      (cents): cents is number => cents !== undefined,
    );
    // One reading twice ("3 x 5.00": 15.00 without its "1" is the 5.00 printed) is one choice, not two.
    const readings = [...new Set([item.amountCents, ...others])];
    return readings.length === 1 ? [] : [{ index, readings }];
  });
  if (suspects.length === 0 || suspects.length > SUSPECTS_MAX) return items;
  const added = addedBelowItems(texts);
  const addingUp: ReceiptItem[][] = [];
  // Every choice of one reading per suspect, counted in mixed radix; choice 0 is the items as read.
  const choices = suspects.reduce((count, suspect) => count * suspect.readings.length, 1);
  for (let choice = 1; choice < choices; choice += 1) {
    const taken = [...items];
    let rest = choice;
    for (const { index, readings } of suspects) {
      const item = taken[index];
      const reading = readings[rest % readings.length];
      rest = Math.floor(rest / readings.length);
      if (item && reading !== undefined) taken[index] = { ...item, amountCents: reading };
    }
    const sum = taken.reduce((total, item) => total + item.amountCents, 0);
    if (added.some((extra) => sum + extra === totalCents)) addingUp.push(taken);
  }
  return addingUp.length === 1 ? (addingUp[0] ?? items) : items;
}

/** An amount without its first digit, when that digit may be a sign ("$" read 5 or 8, "£" and "₹" read 1). */
function signDropped(cents: number): number | undefined {
  const whole = String(Math.floor(cents / 100));
  if (!/^[158][1-9]/.test(whole)) return undefined;
  return Number(whole.slice(1)) * 100 + (cents % 100);
}

/**
 * The split the items propose when they add up to the total: one line per category (thirty lines of
 * groceries are one line), each guessed from the item's words, else the receipt's category. The tax,
 * service, discount and rounding are shared among the lines in proportion to their items, to the cent,
 * so the lines add up to the total exactly. The shares are whole units of the account's currency (whole
 * yen: a yen account takes no ¥533.33), the lines in its minor unit. Null when they do not add up, when the
 * total or an item has decimals that currency lacks, or when every item falls in one category (there is
 * nothing to split).
 */
export function splitByItems(
  texts: string[],
  items: ReceiptItem[],
  totalCents: number | null,
  { receiptCategory, accountCurrency }: { receiptCategory: string; accountCurrency: string },
): ProposedSplitLine[] | null {
  if (totalCents === null || !itemsAddUp(texts, items, totalCents)) return null;
  const total = hundredthsIn(totalCents, accountCurrency);
  if (total === null) return null;
  const groups = new Map<string, { cents: number; descriptions: string[] }>();
  for (const item of items) {
    const category = categoryOf(item.description, receiptCategory);
    const group = groups.get(category) ?? { cents: 0, descriptions: [] };
    group.cents += item.amountCents;
    group.descriptions.push(item.description);
    groups.set(category, group);
  }
  if (groups.size < SPLIT_LINES_MIN || groups.size > SPLIT_LINES_MAX) return null;
  const entries = [...groups];
  const parts = entries.map(([, group]) => hundredthsIn(group.cents, accountCurrency));
  // A category whose items a deduction took to nothing or below (a deposit returned) cannot take a share.
  if (parts.some((part) => part === null || part <= 0)) return null;
  const shares = sharesOf(total, parts as number[]);
  const lines = entries.map(([category, group], index) => ({
    category,
    amountCents: shares[index] ?? 0,
    note: noteOf(group.descriptions),
  }));
  return lines.every((line) => line.amountCents > 0) ? lines : null;
}

/**
 * An item's category: the one its words point to, else the receipt's. Food and groceries are one kind
 * of spending seen from two sides ("tea" at a supermarket is groceries, "eggs" at a café a meal): there
 * the receipt's category stands.
 */
function categoryOf(description: string, receiptCategory: string): string {
  const guess = guessCategory('', description);
  if (guess === 'Miscellaneous') return receiptCategory;
  const food = new Set(['Food', 'Groceries']);
  if (food.has(guess) && food.has(receiptCategory)) return receiptCategory;
  return guess;
}

/**
 * `total` shared in proportion to `parts`, in whole cents that add up to it exactly: each part gets its
 * share rounded down, and the cents left go to the parts with the largest remainders (the first on ties).
 */
export function sharesOf(total: number, parts: number[]): number[] {
  const sum = BigInt(parts.reduce((all, part) => all + part, 0));
  const extra = BigInt(total) - sum;
  const sign = extra < 0n ? -1n : 1n;
  const size = extra * sign;
  const exact = parts.map((part) => size * BigInt(part));
  const floors = exact.map((value) => value / sum);
  let left = size - floors.reduce((all, value) => all + value, 0n);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    floors[index] = (floors[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((part, index) => part + Number(sign * (floors[index] ?? 0n)));
}

function noteOf(descriptions: string[]): string {
  const note = descriptions.join(', ');
  return note.length <= NOTE_LENGTH ? note : `${note.slice(0, NOTE_LENGTH - 1).trimEnd()}…`;
}

/**
 * The items of a kept reading and the split they propose against its total, read again from the
 * reading's text (cheap, and no column to migrate; rules that improve apply to old receipts too). A
 * receipt saved as a split proposes nothing more: its lines are the transaction's.
 */
export function itemsOfReading(
  rawText: string | null,
  totalCents: number | null,
  { category, accountCurrency }: { category: string; accountCurrency: string },
): { items: ReceiptItem[]; proposedSplit: ProposedSplitLine[] | null } {
  if (!rawText) return { items: [], proposedSplit: null };
  const { lines } = readableLines(rawText.split('\n').map((text) => ({ text })));
  const texts = lines.map((line) => line.text);
  const items = itemsAsPaid(texts, findItems(texts), totalCents);
  const proposedSplit =
    category === SPLIT_CATEGORY
      ? null
      : splitByItems(texts, items, totalCents, { receiptCategory: category, accountCurrency });
  return { items, proposedSplit };
}
