import { strongChecksFor } from './total-checks';

/*
 * The OCR's misreads of a total's figure: a currency sign read as a digit ("$35.00" as "535.00", "£76.44"
 * as "176.44") and a decimal point added or lost ("¥894" as "8.94"). A misread form is taken only when the
 * receipt's own arithmetic confirms it (total-checks.ts); a total that may carry one goes to review.
 */

/** A currency sign glued to an amount, as printed or as the OCR misreads it ("£8.49", "(6.05", "L8.49"). */
const GLUED_SIGN = /(?<![\p{L}\d.,])[£$€¥₹([{|LEf]\d{1,6}[.,]\d{2}(?![\d)])/gu;

/** A sign the OCR may read as a "1" ("£", "₹") glued to an amount, or what it made of one ("(6.05", "L8.49"). */
const ONE_LIKE_SIGN = /(?<![\p{L}\d.,])[£₹([{|Lf]\d{1,6}[.,]\d{2}(?![\d)])/gu;

/**
 * The total may carry the currency sign read as a "1": the receipt prints its sign glued to the
 * amounts (twice at least, as a sign or as what the OCR makes of one), and the total's figure starts
 * with a bare "1" ("Total 176.44" for £76.44). Every figure carries the same misread, so subtotal,
 * tax and payment all agree with the wrong amount; only a person can tell.
 */
export function signMayBeReadAsOne(texts: string[], cents: number): boolean {
  // A "$" is read as a "5" or an "S", not as a "1": a dollar receipt's "Total 170.13" is no misread.
  const glued = texts.reduce((count, text) => count + (text.match(ONE_LIKE_SIGN)?.length ?? 0), 0);
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
export function confirmedMisread(texts: string[], read: number): number | undefined {
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
