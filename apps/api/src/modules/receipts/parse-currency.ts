import { findIsoCurrency, isIsoCurrencyCode } from '@paisable/contracts';

/**
 * The currency a receipt is printed in, as an ISO 4217 code, from its symbols and codes and, for the
 * dollar and for receipts that print no symbol at all, from the country's cues (its tax names and
 * company words). Undefined when nothing says.
 */

/** Currencies whose receipts print whole amounts (no minor unit in use): "¥1,280", "Rp 45.500". */
export const WHOLE_AMOUNT_CURRENCIES = new Set(['JPY', 'IDR', 'KRW', 'VND']);

/**
 * Codes and symbols that name one currency; each hit counts one vote. A dollar's prefix glued to a word
 * before it is the word's last letter ("COUPONS$3.00", "SAVINGS$1.50" as the OCR runs them together).
 */
const MARKS: Array<[RegExp, string]> = [
  [/\bMYR\b|(?<![A-Z])RM\s?\d|\bRM\b/g, 'MYR'],
  [/€|\bEUR\b|\bEUROS?\b/gi, 'EUR'],
  [/£|\bGBP\b/g, 'GBP'],
  [/₹|\bINR\b|\bRs\.?\s?\d/g, 'INR'],
  // A yen sign only before a figure: tesseract reads smudges and stars as "¥" ("F¥%%", "#4¥", "-¥").
  [/(?<![\d¥*#%-])¥\s?\d[\d,.]*(?![\d,.]*¥)|円|\bJPY\b/gu, 'JPY'],
  [/\bRp\.?\s?\d|\bIDR\b/g, 'IDR'],
  [/(?<![A-Za-z])S\$|\bSGD\b/g, 'SGD'],
  [/(?<![A-Za-z])A\$|\bAUD\b/g, 'AUD'],
  [/(?<![A-Za-z])C\$|\bCAD\b/g, 'CAD'],
  [/(?<![A-Za-z])NZ\$|\bNZD\b/g, 'NZD'],
  [/(?<![A-Za-z])US\$|\bUSD\b/g, 'USD'],
  // "Fr. 12.50", but not Germany's Friday before a date ("Fr.17.07.2026", "Fr. 2026-07-17").
  [/\bCHF\b|\bFr\.\s?(?!\d{1,2}[./-]\d{1,2}[./-]\d{2}|\d{4}[./-]\d{1,2}[./-]\d{1,2})\d/g, 'CHF'],
  [/\d\s?DH\b|\bMAD\b/g, 'MAD'],
];

/**
 * Cues of a country on receipts that print no currency, or only "$": tax names, tax ids, company
 * forms. A cue counts less than a symbol, which names the currency itself.
 */
const CUES: Array<[RegExp, string]> = [
  [
    /sdn\.?\s*bhd|berhad|\bSST\b|jalan|\bjln\b|selangor|kuala\s*lumpur|johor|penang|malaysia|\b\d{6,12}-[A-Z]\b/i,
    'MYR',
  ],
  // The OCR often runs words together ("IVA10%", "BTW9%"): a cue ends where letters end.
  [
    /mwst|\bust(?![a-z])|\bsumme\b|\btva(?![a-z])|\bttc\b|\biva(?![a-z])|\bbtw(?![a-z])|gmbh|\bS\.?L\.?(?=\s|$)|\bS\.?R\.?L\.?|\bcif\b|\bp\.?\s?iva\b|siret|\bnif\b/i,
    'EUR',
  ],
  // "VAT No. GB…", a British postcode ("OX1 4AA", read "0x1 4AA").
  [/vat\s*(no|reg)|\bGB\s?\d{3}|\b[a-z0]{1,2}\d{1,2}[a-z]?\s\d[a-z]{2}\b/i, 'GBP'],
  [/gstin|\bcgst|\bsgst|\bigst/i, 'INR'],
  // India's cities and states: PaddleOCR's model has no "₹", and a corner shop's bill prints no GSTIN.
  [
    /bengaluru|bangalore|mumbai|\bdelhi\b|chennai|kolkata|hyderabad|\bpune\b|ahmedabad|jaipur|lucknow|kochi|karnataka|maharashtra|tamil\s*nadu|kerala|gujarat/i,
    'INR',
  ],
  [/\bppn(?![a-z])|\btunai\b|\bkembali|\bjl\.\s/i, 'IDR'],
  [/pte\.?\s*ltd|singapore|\bnets\b/i, 'SGD'],
  [/\babn\b|eftpos|\bnsw\b|\bqld\b/i, 'AUD'],
  [/\bhst\b|gst\/hst|\bqst\b/i, 'CAD'],
  [/\bche-\d/i, 'CHF'],
  // A state and ZIP code ("TX 75201") in capitals only: "No 12345" is no state.
  [/\b[A-Z]{2}\s+\d{5}(-\d{4})?\b/, 'USD'],
  [/sales\s*tax/i, 'USD'],
];

/** A rate of dynamic currency conversion: "1 EUR = 1.1724 USD", "1EUR=1.17USD". */
const CONVERSION = /\b1\s?([A-Z]{3})\s?=\s?\d+[.,]\d+\s?([A-Z]{3})\b/;

/** The currencies whose symbol is "$": the cues above pick one, else it is the US dollar. */
const DOLLARS = new Set(['USD', 'SGD', 'AUD', 'CAD', 'NZD']);

/**
 * `plainDollar`: the code is the US dollar only because a "$" was printed, with no mark or cue of any
 * country: the dollar of a user who keeps another one ("$" in New Zealand, Hong Kong, Mexico) as well.
 */
export type ReadCurrency = { code: string | undefined; sure: boolean; plainDollar: boolean };

/**
 * The currency most named on the receipt. A plain "$" is the dollar of the country the cues point to
 * (Singapore, Australia, Canada), else the US dollar. `sure` is false when two currencies are named
 * as often.
 */
export function findCurrency(lines: string[]): ReadCurrency {
  const text = lines.join('\n');
  // A card slip converted for a visitor ("Exchange rate 1 EUR = 1.1724 USD") names the shop's currency
  // first: the slip's other currency is the card's, however often it is printed.
  const converted = CONVERSION.exec(text);
  const [, shop = '', card = ''] = converted ?? [];
  if (shop !== card && isIsoCurrencyCode(shop) && isIsoCurrencyCode(card))
    return { code: shop, sure: true, plainDollar: false };
  const votes = new Map<string, number>();
  const vote = (code: string, weight: number) => {
    if (weight > 0) votes.set(code, (votes.get(code) ?? 0) + weight);
  };
  for (const [pattern, code] of MARKS) {
    const hits = text.match(pattern)?.length ?? 0;
    if (hits > 0) vote(code, 1 + Math.min(hits, 5));
  }
  const cued = CUES.filter(([pattern]) => pattern.test(text)).map(([, code]) => code);
  // A stray symbol is often OCR noise ("¥" for a smudge): several cues of one country outweigh it.
  const cueHits = (pattern: RegExp) =>
    Math.min(3, text.match(new RegExp(pattern.source, `${pattern.flags}g`))?.length ?? 0);
  const dollars = (text.match(/(?<![A-Z])\$/g) ?? []).length;
  const named = new Set([...votes.keys(), ...cued]);
  if (dollars > 0) {
    const local = cued.find((code) => DOLLARS.has(code) && code !== 'USD');
    // A named dollar ("S$") already voted for itself.
    if (![...votes.keys()].some((code) => DOLLARS.has(code))) vote(local ?? 'USD', 1 + Math.min(dollars, 5));
  }
  for (const [pattern, code] of CUES) vote(code, cueHits(pattern));
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first) return { code: undefined, sure: false, plainDollar: false };
  const sure = !second || first[1] > second[1];
  return { code: first[0], sure, plainDollar: first[0] === 'USD' && !named.has('USD') };
}

/**
 * The currency a receipt is in for a user whose account keeps `accountCurrency`: a plain "$" is that
 * account's own dollar when it has one (a New Zealander's "$12.50" is no US dollar).
 */
export function currencyForAccount(read: ReadCurrency, accountCurrency: string): string | undefined {
  if (read.plainDollar && findIsoCurrency(accountCurrency)?.symbol?.includes('$')) return accountCurrency;
  return read.code;
}
