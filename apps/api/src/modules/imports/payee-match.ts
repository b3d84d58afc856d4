/**
 * Payees as banks write them carry store numbers, locations and legal forms around the name people know:
 * "WHOLE FOODS MKT #10234 AUSTIN TX", "Amazon.com*2K4LL", "SQ *BLUE BOTTLE COFFEE". A payee's key keeps
 * the words that name it, so such a row finds the category of the user's earlier "Whole Foods" rows.
 */

/** Words that say what kind of business or payment it is, not which one. */
const NOISE = new Set([
  'mkt',
  'market',
  'inc',
  'llc',
  'ltd',
  'gmbh',
  'co',
  'corp',
  'store',
  'stores',
  'pos',
  'purchase',
  'debit',
  'card',
  'payment',
  'the',
  'sq',
  'tst',
  'www',
  'com',
]);

/** The payee's words, lower-case without accents, store numbers or noise: "whole foods". */
export function payeeWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !/\d/.test(word) && !NOISE.has(word));
}

/** A key is long enough to name one business: "ab" or "tx" alone would match many. */
const MIN_KEY_LETTERS = 4;

/**
 * The keys a payee may be known by, longest first: its words, then each shorter run of its first words
 * ("whole foods austin tx", "whole foods austin", "whole foods", "whole"). An earlier payee whose key is
 * one of them is the same business written another way.
 */
export function payeeKeys(name: string): string[] {
  const words = payeeWords(name);
  const keys: string[] = [];
  for (let length = words.length; length > 0; length -= 1) {
    const key = words.slice(0, length).join(' ');
    if (key.replace(/\s/g, '').length >= MIN_KEY_LETTERS) keys.push(key);
  }
  return keys;
}

/** A payee's own key: all its words (what an earlier row is filed under). */
export const payeeKey = (name: string): string => payeeWords(name).join(' ');
