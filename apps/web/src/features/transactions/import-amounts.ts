import { formatMoney, formatMoneyTotal } from '~/lib/format';

import { minorToNumber, toCentsTotal } from '@paisable/contracts/rules';

/**
 * An amount of the import preview in the currency of the account the rows go into (the preview's
 * amounts are in its minor unit): "¥1,500" for a yen account, "BHD 1.234" for a dinar one.
 */
export function importAmountText(amountMinor: number, currency: string): string {
  return formatMoney(minorToNumber(amountMinor, currency), currency);
}

/** What the rows to import add up to, signed: income in, spending out ("-¥2,300"). */
export function importNetText(
  rows: readonly { amountCents: number; isIncome: boolean }[],
  currency: string,
): string {
  const net = rows.reduce((sum, row) => sum + (row.isIncome ? row.amountCents : -row.amountCents), 0);
  const text = formatMoneyTotal(toCentsTotal(Math.abs(net)), currency);
  return net < 0 ? `-${text}` : text;
}
