import { divideRoundHalfEven } from './currency-money';

/*
 * Exact rate arithmetic on integers (BigInt), shared by the server's conversions and the screens that
 * show one before it is saved: a rate is a decimal as stored, and an amount is rounded once, at the end.
 */

/** A positive rational number num/den; rates stay fractions until an amount is rounded. */
export type Fraction = { num: bigint; den: bigint };

/** "1.0405" → 10405/10000, exactly. */
export function decimalToFraction(text: string): Fraction {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const decimals = match[2] ?? '';
  return { num: BigInt(`${match[1]}${decimals}`), den: 10n ** BigInt(decimals.length) };
}

/**
 * An amount in minor units of one currency, in minor units of another: amount × rate, moved between the two
 * minor units (JPY has 0 decimals, EUR 2, BHD 3), rounded once, by the one rule (half to even: divideRoundHalfEven says why).
 */
export function convertMinor(
  amountMinor: bigint,
  rate: Fraction,
  fromDigits: number,
  toDigits: number,
): bigint {
  const shift = toDigits - fromDigits;
  const num = amountMinor * rate.num * (shift > 0 ? 10n ** BigInt(shift) : 1n);
  const den = rate.den * (shift < 0 ? 10n ** BigInt(-shift) : 1n);
  return divideRoundHalfEven(num, den);
}
