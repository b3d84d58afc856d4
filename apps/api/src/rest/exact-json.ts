import { formatMinor, type CentsTotal } from '@paisable/contracts';

/**
 * JSON numbers written with the exact digits they were given. JSON.stringify writes a number from its
 * double, which holds 15–17 significant digits, so a large decimal (a total of cents past 2^53, in units)
 * would go out rounded. Node 20 has no JSON.rawJSON: an `exactJsonNumber` turns into a placeholder string
 * that `stringifyJson` then swaps for the bare digits, so readers still get a JSON number.
 *
 * The placeholder is the digits between two U+0000 characters. The API refuses U+0000 in any text a user
 * sends, and the regular expression only takes a whole JSON string of that shape (JSON.stringify escapes
 * the character as `\u0000`, and a backslash typed by a user as `\\`), so no user text can be mistaken
 * for it.
 */
const MARK = '\u0000';
const PLACEHOLDER = /"\\u0000(-?\d+(?:\.\d+)?)\\u0000"/g;
const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

export class ExactJsonNumber {
  readonly #text: string;

  constructor(decimal: string) {
    if (!DECIMAL.test(decimal)) throw new TypeError(`Not a decimal number: ${decimal}`);
    this.#text = shortest(decimal);
  }

  /** What JSON.stringify writes in its place; only stringifyJson turns it back into a number. */
  toJSON(): string {
    return `${MARK}${this.#text}${MARK}`;
  }
}

/** A decimal ("90071992547409.93") that a REST answer sends as a JSON number with exactly these digits. */
export function exactJsonNumber(decimal: string): ExactJsonNumber {
  return new ExactJsonNumber(decimal);
}

/**
 * A sum of a currency's minor units (cents, yen, fils) as the exact JSON number of its major units, with as
 * many decimals as the currency has: ¥150,000 is 150000, not 1500.
 */
export function exactMoney(total: CentsTotal | bigint, currency: string): ExactJsonNumber {
  return exactJsonNumber(formatMinor(BigInt(total), currency));
}

/** JSON.stringify, with every `exactJsonNumber` written as its digits. */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value);
  return text.includes(`\\u0000`) ? text.replace(PLACEHOLDER, '$1') : text;
}

/** As JSON.stringify spells a number: no trailing fraction zeros, no point without decimals, no "-0". */
function shortest(decimal: string): string {
  const trimmed = decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
  return trimmed === '-0' ? '0' : trimmed;
}
