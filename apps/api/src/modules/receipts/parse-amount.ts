/**
 * Amounts as printed on receipts: "23.47", "RM 1,234.50", "1.234,50", "60,31", OCR's "60. 31" —
 * always with two decimals, since a receipt's money column has them and bare integers are usually
 * quantities, codes or phone numbers.
 */
const AMOUNT = /(?<![\d.,])-?((?:\d{1,3}(?:[,.\s]\d{3})+)|\d{1,9})\s?[.,]\s?(\d{2})(?![\d])/g;

/** Every money amount on a line, in cents, left to right. */
export function amountsIn(line: string): number[] {
  const amounts: number[] = [];
  for (const match of fixDigitLookalikes(line).matchAll(AMOUNT)) {
    const whole = (match[1] ?? '').replace(/[,.\s]/g, '');
    const cents = Number(whole) * 100 + Number(match[2]);
    if (Number.isSafeInteger(cents) && !match[0].startsWith('-')) amounts.push(cents);
  }
  return amounts;
}

/** OCR reads 0 as O and 1 as l or I inside numbers ("1O.5O", "l2.00"); only fixed next to digits. */
export function fixDigitLookalikes(line: string): string {
  return line
    .replace(/(?<=[\d.,])[oO]|[oO](?=[\d]*[.,]\d)/g, '0')
    .replace(/(?<=\d)[lI|]|[lI|](?=\d*[.,]\d{2}\b)/g, '1');
}
