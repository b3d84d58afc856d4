import { parseAmountToCents } from '@paisable/contracts';

/**
 * How a format writes the decimal separator: CAMT (xs:decimal) always `.`, MT940 always `,`, OFX either
 * (the spec allows both, with no thousands separators), so for OFX the last separator is the decimal one.
 */
export type DecimalStyle = 'dot' | 'comma' | 'last';

export type SignedCents =
  | { ok: true; cents: number; negative: boolean }
  /** `zero`: the text is a valid amount of zero, which moves no money (an information-only line). */
  | { ok: false; message: string; zero?: true };

/**
 * A signed decimal amount from a bank file in exact cents, never through floating point: the text is
 * normalised to `123.45` and read digit by digit. Zero is refused (a transaction moves money).
 */
export function readAmount(text: string, style: DecimalStyle): SignedCents {
  let value = text.replace(/\s+/g, '');
  let negative = false;
  if (/^[+-]/.test(value)) {
    negative = value.startsWith('-');
    value = value.slice(1);
  }
  if (!/^[\d.,]*\d[\d.,]*$/.test(value)) return fail(text, 'is not an amount');
  const separator = style === 'dot' ? '.' : style === 'comma' ? ',' : lastSeparator(value);
  const other = separator === '.' ? ',' : '.';
  if (value.includes(other) || value.indexOf(separator) !== value.lastIndexOf(separator)) {
    return fail(text, 'is not an amount');
  }
  // MT940 writes "100," for 100.00.
  const normalised = value.replace(separator, '.').replace(/\.$/, '');
  if (/^0*\.?0*$/.test(normalised)) return { ...fail(text, 'is zero'), zero: true };
  const result = parseAmountToCents(normalised);
  return result.ok ? { ok: true, cents: result.cents, negative } : fail(text, result.message);
}

function lastSeparator(value: string): '.' | ',' {
  return value.lastIndexOf(',') > value.lastIndexOf('.') ? ',' : '.';
}

function fail(text: string, reason: string): { ok: false; message: string } {
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return { ok: false, message: `Amount "${shown}" ${reason.replace(/^Amount /, '').replace(/\.$/, '')}.` };
}
