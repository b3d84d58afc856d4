/**
 * Amounts as printed on receipts: "23.47", "RM 1,234.50", "1.234,50", "60,31", OCR's "60. 31", India's
 * lakhs "1,24,500.00" (in a photo also "1.24.500.00") —
 * always with two decimals, since a receipt's money column has them and bare integers are usually
 * quantities, codes or phone numbers. A figure followed by % is a rate, not money.
 */
const AMOUNT =
  /(?<![\d.,])-?((?:\d{1,2}(?:[,.]\d{2})+[,.]\d{3})|(?:\d{1,3}(?:[,.\s]\d{3})+)|\d{1,9})\s?[.,]\s?(\d{2})(?![\d])(?!\s?%)/g;

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

/**
 * OCR reads 0 as O, 1 as l or I, 5 as S and 8 as B inside numbers ("1O.5O", "l2.00", "RM1S.80"). Only
 * letters inside a token shaped like an amount (digits, a point, two decimals) with at least one real
 * digit are changed, so words are left alone.
 */
export function fixDigitLookalikes(line: string): string {
  return (
    line
      // "RM1S.00", "Rs.1,24,500.00": the currency glued to the number would hide where the number starts.
      .replace(/\b(R[MH]|R[sS][.,]?)(?=[\dOolI|SB]{1,7}\s?[.,])/g, '$1 ')
      .replace(/(?<![\p{L}\d])[\dOolI|SB]{1,7}\s?[.,]\s?[\dOolI|SB]{2}(?![\p{L}\d])/gu, (token) =>
        /\d/.test(token)
          ? token
              .replace(/[oO]/g, '0')
              .replace(/[lI|]/g, '1')
              .replace(/(?<=[\d.,])S/g, '5')
              .replace(/(?<=[\d.,])B/g, '8')
          : token,
      )
      // A letter closing a word ("Incl.62", "NO.12") is not a digit.
      .replace(/(?<=[\d.,])[oO]|(?<!\p{L})[oO](?=[\d]*[.,]\d)/gu, '0')
      .replace(/(?<=\d)[lI|]|(?<!\p{L})[lI|](?=\d*[.,]\d{2}\b)/gu, '1')
  );
}

/**
 * A total printed without its decimal point ("Total: 2682", "TOTAL RM 30 45"): the OCR lost the point
 * or read it as a space. Only for a number closing the line, with at least three digits, so quantities
 * and item counts stay out; the last two digits are the cents.
 */
export function amountWithoutPoint(line: string): number | undefined {
  const match = /(?<![\d.,/-])(\d{1,6})\s?(\d{2})\W*$/.exec(fixDigitLookalikes(line));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number(match[2]);
}

/** Same digit count with one digit different, or the same digits with the decimal point lost or added. */
export function oneMisreadApart(a: number, b: number): boolean {
  if (a === b * 100 || b === a * 100) return true;
  const [x, y] = [String(a), String(b)];
  if (x.length !== y.length) return false;
  return [...x].filter((digit, index) => digit !== y[index]).length === 1;
}

/**
 * A line of a receipt in a currency without cents (yen, rupiah) with its whole amounts written as the
 * amounts the other rules read, with two decimals: "¥1,280" → "¥1280.00", "500円" → "500.00円", "JPY 98" →
 * "JPY 98.00", "Rp 45.500" → "Rp 45500.00". A whole number is taken for money when a currency mark
 * precedes it (¥, JPY, Rp, IDR, or a "Y" glued to the figure: the OCR's reading of a ¥) or follows it
 * (円, the yen's own character), when it groups thousands, or when it closes the line with three digits
 * or more; dates, times, phone numbers and quantities ("600ml", "x5", "No. 12") stay as they are.
 */
export function wholeAmountsWithCents(line: string): string {
  return line.replace(
    /(?<![\d.,/:\-\p{L}])(¥\s?|Y(?=\d)|円|JPY\s?|Rp\.?\s?|IDR\s?)?(\d{1,3}(?:[.,]\d{3})+|\d{1,9})(?:(円)|(?![\d/:\-\p{L}]|[.,]\d))/gu,
    (
      token,
      mark: string | undefined,
      digits: string,
      yen: string | undefined,
      offset: number,
      whole: string,
    ) => {
      const grouped = /[.,]/.test(digits);
      const closesLine = whole.slice(offset + token.length).trim() === '' && digits.length >= 3;
      if (!mark && !yen && !grouped && !closesLine) return token;
      return `${mark ?? ''}${digits.replace(/[.,]/g, '')}.00${yen ?? ''}`;
    },
  );
}
