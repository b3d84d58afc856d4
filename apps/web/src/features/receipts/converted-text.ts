import {
  convertMinor,
  decimalToFraction,
  formatMinor,
  minorUnitOf,
  parseAmountInCurrency,
} from '@paisable/contracts/rules';

/**
 * The printed total in `to` at `rate` (units of `to` for one of `from`), as the review's text: "4.06" for
 * €3.75 at 1.0832. Null when the printed total is no amount of `from`, or converts to nothing.
 */
export function convertedText(printed: string, from: string, to: string, rate: string): string | null {
  const read = parseAmountInCurrency(printed, from);
  if (!read.ok) return null;
  const converted = convertMinor(
    BigInt(read.minor),
    decimalToFraction(rate),
    minorUnitOf(from),
    minorUnitOf(to),
  );
  // A few rupiah are no cent: nothing worth offering.
  return converted <= 0n ? null : formatMinor(converted, to);
}
