import { divideRoundHalfEven } from '@paisable/contracts';

/*
 * Exact rate arithmetic on integers (BigInt): a rate is a decimal as stored (numeric), a cross rate the
 * ratio of two of them, and an amount is converted with one rounding at the very end.
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

export const ONE: Fraction = { num: 1n, den: 1n };

export function divide(a: Fraction, b: Fraction): Fraction {
  return { num: a.num * b.den, den: a.den * b.num };
}

export function inverse(a: Fraction): Fraction {
  return { num: a.den, den: a.num };
}

/** The digits shown for a rate: rounded by the one rule (half to even) to 10 decimals, trailing zeros dropped ("0.8", "157.3"). */
export function fractionToDecimal(value: Fraction, decimals = 10): string {
  const scaled = divideRoundHalfEven(value.num * 10n ** BigInt(decimals), value.den);
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
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
