import { minorUnitOf, type RateSource } from '@paisable/contracts';

import { convertMinor, fractionToDecimal, type Fraction } from './decimal';

/** A sum of one currency on one day, in that currency's minor units (JPY yen, EUR cents, BHD fils). */
export type AmountGroup = { day: string; currency: string; amountMinor: bigint };

/** The rate found for converting one currency on one day: its value, the day it is of, and its source. */
export type FoundRate = { rate: Fraction; rateDate: string; source: RateSource };

export type ConvertedGroup = AmountGroup &
  (
    | { converted: false; convertedMinor: bigint }
    | { converted: true; convertedMinor: bigint; rate: string; rateDate: string; source: RateSource }
    | { missing: true }
  );

/** The key of a (currency, day) pair in a map of found rates. */
export function rateKey(currency: string, day: string): string {
  return `${currency}|${day}`;
}

/**
 * Each group in the `to` currency at its own day's rate (`rates`, keyed by rateKey: the rate in force that
 * day, or null when there is none). A group already in `to` is not converted, nor is a zero; a group without
 * a rate is marked missing, never converted at 1. Rounding: once per group, half to even (divideRoundHalfEven says why).
 */
export function convertAmounts(
  groups: readonly AmountGroup[],
  to: string,
  rates: ReadonlyMap<string, FoundRate | null>,
): ConvertedGroup[] {
  const toDigits = minorUnitOf(to);
  // Years of days by category are tens of thousands of groups sharing a few thousand rates: each rate's
  // digits are written once.
  const digitsOf = new Map<FoundRate, string>();
  return groups.map((group) => {
    if (group.currency === to) return { ...group, converted: false, convertedMinor: group.amountMinor };
    const found = rates.get(rateKey(group.currency, group.day));
    // Zero is zero in any currency: an account holding nothing that day needs no rate to be counted.
    if (!found && group.amountMinor === 0n) return { ...group, converted: false, convertedMinor: 0n };
    if (!found) return { ...group, missing: true };
    let rate = digitsOf.get(found);
    if (rate === undefined) digitsOf.set(found, (rate = fractionToDecimal(found.rate)));
    return {
      ...group,
      converted: true,
      convertedMinor: convertMinor(group.amountMinor, found.rate, minorUnitOf(group.currency), toDigits),
      rate,
      rateDate: found.rateDate,
      source: found.source,
    };
  });
}
