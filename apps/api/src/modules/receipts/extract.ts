import { RECEIPT_DOUBTS, type ReceiptConfidence } from '@paisable/contracts';

import { extractTotal, type ExtractedTotal } from './extract-total';
import type { Recognition, RecognizedLine } from './ocr/recognizer';
import { wholeAmountsWithCents } from './parse-amount';
import { guessCategory } from './parse-category';
import { currencyForAccount, findCurrency, WHOLE_AMOUNT_CURRENCIES } from './parse-currency';
import { bestDate, dateCandidates, printedDateOrder, type DateOptions } from './parse-date';
import { findItems, type ReceiptItem } from './parse-items';
import { findMerchant } from './parse-merchant';

export type ExtractedReceipt = {
  merchant: string;
  /** Undefined when no total could be read: the caller must not invent one. */
  amountCents: number | undefined;
  category: string;
  /** Undefined when no date was found. */
  date: string | undefined;
  /** The receipt's currency (ISO 4217), from its symbols, codes and country cues; undefined when none. */
  currency: string | undefined;
  /** The currency is the US dollar only because a plain "$" was printed (see ReadCurrency). */
  plainDollar: boolean;
  /** The item lines bought, top to bottom (none when the receipt prints none the rules can read). */
  items: ReceiptItem[];
  /** 0–1 per field: the OCR's confidence of the field's line times how well the other checks agree. */
  confidence: ReceiptConfidence;
  /** Why a field should be checked by hand, in words for the user. */
  doubts: string[];
};

export const UNKNOWN_MERCHANT = 'Unknown Merchant';

/** A date line read with less confidence than this may have a misread digit. */
const FAINT = 0.8;

/**
 * Merchant, grand total, date and category of a receipt, from its recognised lines (OCR, or a PDF's
 * text layer), each with a confidence and the reasons to doubt it.
 */
export function extractReceipt(recognition: Recognition, options: DateOptions): ExtractedReceipt {
  const { lines, currency } = readableLines(recognition.lines);
  const texts = lines.map((line) => line.text);
  const total = totalIn(lines, currency.code);
  const date = extractDate(lines, dateOrder(texts, currency, options));
  const merchant = extractMerchant(lines);
  return {
    merchant: merchant.name,
    amountCents: total.cents,
    category: guessCategory(merchant.name, texts.join('\n')),
    date: date.iso,
    currency: currency.code,
    plainDollar: currency.plainDollar,
    items: findItems(texts),
    confidence: { merchant: merchant.confidence, total: total.confidence, date: date.confidence },
    doubts: [...merchant.doubts, ...total.doubts, ...date.doubts],
  };
}

/**
 * How sure the total read from these lines is (0–1), as `extractReceipt` scores it: enough to tell which
 * of two readings of one image found the receipt's total, without the user's date settings.
 */
export function totalScore(recognised: readonly RecognizedLine[]): number {
  const { lines, currency } = readableLines(recognised);
  return totalIn(lines, currency.code).confidence;
}

/** The total of readable lines, doubted when it has cents its currency lacks. */
function totalIn(lines: RecognizedLine[], currency: string | undefined): ExtractedTotal {
  return doubtCentsTheCurrencyLacks(extractTotal(lines), currency);
}

/**
 * The lines as every rule reads them: NFKC (full-width digits and punctuation, "：", "１２", read as their
 * plain forms), one space between words, no empty line; in yen and rupiah, printed without cents, whole
 * amounts read like "1280.00".
 */
export function readableLines<Line extends { text: string }>(recognised: readonly Line[]) {
  const read = recognised
    .map((line) => ({ ...line, text: line.text.normalize('NFKC').replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.text.length > 0);
  const currency = findCurrency(read.map((line) => line.text));
  const whole = currency.code !== undefined && WHOLE_AMOUNT_CURRENCIES.has(currency.code);
  const lines = whole ? read.map((line) => ({ ...line, text: wholeAmountsWithCents(line.text) })) : read;
  return { lines, currency };
}

/**
 * The currency a receipt's kept text is printed in, for a user whose account keeps `accountCurrency`: read
 * from the lines as every rule reads them, so the upload, the review and the list agree.
 */
export function printedCurrencyOf(rawText: string | null, accountCurrency: string): string | undefined {
  if (!rawText) return undefined;
  const { currency } = readableLines(rawText.split('\n').map((text) => ({ text })));
  return currencyForAccount(currency, accountCurrency);
}

/**
 * A total with cents on a receipt in a currency that has none ("8.94" on a yen receipt): the OCR added
 * a point or misread a figure, and nothing of the receipt made it whole; a person checks it.
 */
function doubtCentsTheCurrencyLacks(total: ExtractedTotal, currency: string | undefined): ExtractedTotal {
  const whole = currency !== undefined && WHOLE_AMOUNT_CURRENCIES.has(currency);
  if (!whole || total.cents === undefined || total.cents % 100 === 0) return total;
  return {
    ...total,
    confidence: Math.min(total.confidence, 0.5),
    doubts: [...new Set([...total.doubts, RECEIPT_DOUBTS.totalFaint])],
  };
}

/**
 * Whether 03/04 is the 3rd of April: as the receipt's own unambiguous dates print it (a 25/03 elsewhere
 * on it), else as the country of its currency does (month first in the US only), else as the user's
 * currency does. `unsure` when only the user's setting decided for a receipt from elsewhere.
 */
function dateOrder(
  texts: string[],
  currency: ReturnType<typeof findCurrency>,
  options: DateOptions,
): DateOptions & { unsure: boolean } {
  const printed = printedDateOrder(texts);
  if (printed !== undefined) return { ...options, dayFirst: printed, unsure: false };
  if (currency.code !== undefined)
    return { ...options, dayFirst: currency.code !== 'USD', unsure: !currency.sure };
  return { ...options, unsure: false };
}

/**
 * The date nearest a date label or the time of sale (parse-date.ts); doubtful when it stands alone
 * with neither, when another date scores as well, or when its line was faint.
 */
function extractDate(lines: RecognizedLine[], options: DateOptions & { unsure: boolean }) {
  const texts = lines.map((line) => line.text);
  const candidates = dateCandidates(texts, options);
  const best = bestDate(candidates);
  if (!best) return { iso: undefined, confidence: 0, doubts: [RECEIPT_DOUBTS.noDate] };
  const rivals = new Set(candidates.filter((other) => other.score === best.score).map((other) => other.iso));
  // The same day printed twice (the bill and its card slip) is read as surely as its clearest print.
  const ocrConfidence = Math.max(
    ...candidates
      .filter((candidate) => candidate.iso === best.iso && !candidate.misread)
      .map((candidate) => printedConfidence(lines[candidate.index], candidate.span)),
    printedConfidence(lines[best.index], best.span),
  );
  const doubts: string[] = [];
  let agreement = 1;
  if (rivals.size > 1) {
    agreement *= 0.6;
    doubts.push(RECEIPT_DOUBTS.datesDisagree);
  } else if (best.score === 0) {
    agreement *= 0.8;
    if (ocrConfidence * agreement < 0.6) doubts.push(RECEIPT_DOUBTS.dateUnlabelled);
  }
  if (ocrConfidence < FAINT || best.misread) doubts.push(RECEIPT_DOUBTS.dateFaint);
  // A year taken back from a misread digit is a guess a person confirms.
  if (best.misread) agreement *= 0.6;
  // 03/04 read in the order of a country the receipt may not be from: the day and month may be swapped.
  const swapped = bestDate(dateCandidates(texts, { ...options, dayFirst: !options.dayFirst }));
  if (options.unsure && swapped && swapped.iso !== best.iso) {
    agreement *= 0.6;
    doubts.push(RECEIPT_DOUBTS.dateOrderUnsure);
  }
  return { iso: best.iso, confidence: round(ocrConfidence * agreement), doubts };
}

/**
 * How surely the date's own characters were read: the words of its line that hold them, weighted by
 * length as a line is. The whole line's confidence would be the date's, and a till number or a smudge
 * printed beside a clearly read date ("RECEIPT #3 CS00052997 DATE: 28/02/2016") would make it doubtful.
 */
function printedConfidence(line: RecognizedLine | undefined, span: [number, number] | undefined): number {
  if (!line) return 0.5;
  // The span is of the line's text: its words must spell it, one space apart, to be found in them.
  if (!span || line.words.map((word) => word.text).join(' ') !== line.text) return line.confidence;
  const [start, end] = span;
  let [offset, letters, weighted] = [0, 0, 0];
  for (const word of line.words) {
    if (offset < end && offset + word.text.length > start) {
      letters += word.text.length;
      weighted += word.confidence * word.text.length;
    }
    offset += word.text.length + 1;
  }
  return letters > 0 ? weighted / letters : line.confidence;
}

/** The header's business name; surer when it carries a company word (Sdn Bhd, Ltd, Restaurant …). */
function extractMerchant(lines: RecognizedLine[]) {
  const name = findMerchant(lines.map((line) => line.text));
  if (!name) return { name: UNKNOWN_MERCHANT, confidence: 0, doubts: [RECEIPT_DOUBTS.noMerchant] };
  const line = lines.find((candidate) => name.includes(candidate.text) || candidate.text.includes(name));
  const company = /\b(sdn\.?\s*bhd|bhd|berhad|s\/b|ltd|limited|inc|llc|plc|gmbh|pte|co\.)\b/i.test(name);
  return { name, confidence: round((line?.confidence ?? 0.5) * (company ? 1 : 0.75)), doubts: [] };
}

function round(value: number) {
  return Math.round(value * 100) / 100;
}
