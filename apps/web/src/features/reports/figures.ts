import { formatMinor, type CentsTotal } from '@paisable/contracts/rules';

/** What share of the income was kept, in percent to a tenth (rounded half away from zero); null without income. */
export function savingsRate(incomeCents: CentsTotal, netCents: CentsTotal): number | null {
  const income = BigInt(incomeCents);
  if (income <= 0n) return null;
  const net = BigInt(netCents);
  const tenths = (net * 2000n + (net < 0n ? -income : income)) / (2n * income);
  return Number(tenths) / 10;
}

/** A total as the CSV writes it: a plain decimal with its currency's decimals, `-12.50`, `150000` yen. */
export const csvAmount = (cents: CentsTotal | null, currency: string) =>
  cents === null ? '' : formatMinor(BigInt(cents), currency);

/** A month `2025-03` as `Mar 2025`. */
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
export const monthName = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
