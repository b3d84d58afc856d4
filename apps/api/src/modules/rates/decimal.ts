import { divideRoundHalfEven, type Fraction } from '@paisable/contracts';

export { convertMinor, decimalToFraction, type Fraction } from '@paisable/contracts';

/*
 * Exact rate arithmetic on integers (BigInt): a rate is a decimal as stored (numeric), a cross rate the
 * ratio of two of them, and an amount is converted with one rounding at the very end. Reading a rate and
 * converting an amount are shared with the screens (contracts' rate-math.ts).
 */

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
