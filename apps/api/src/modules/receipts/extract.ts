import { RECEIPT_DOUBTS, type ReceiptConfidence } from '@paisable/contracts';

import { extractTotal } from './extract-total';
import type { Recognition, RecognizedLine } from './ocr';
import { guessCategory } from './parse-category';
import { bestDate, dateCandidates, type DateOptions } from './parse-date';
import { findMerchant } from './parse-merchant';

export type ExtractedReceipt = {
  merchant: string;
  /** Undefined when no total could be read: the caller must not invent one. */
  amountCents: number | undefined;
  category: string;
  /** Undefined when no date was found. */
  date: string | undefined;
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
  // NFKC: full-width digits and punctuation ("：", "１２") read as their plain forms.
  const lines = recognition.lines
    .map((line) => ({ ...line, text: line.text.normalize('NFKC').replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.text.length > 0);
  const texts = lines.map((line) => line.text);
  const total = extractTotal(lines);
  const date = extractDate(lines, options);
  const merchant = extractMerchant(lines);
  return {
    merchant: merchant.name,
    amountCents: total.cents,
    category: guessCategory(merchant.name, texts.join('\n')),
    date: date.iso,
    confidence: { merchant: merchant.confidence, total: total.confidence, date: date.confidence },
    doubts: [...merchant.doubts, ...total.doubts, ...date.doubts],
  };
}

/**
 * The date nearest a date label or the time of sale (parse-date.ts); doubtful when it stands alone
 * with neither, when another date scores as well, or when its line was faint.
 */
function extractDate(lines: RecognizedLine[], options: DateOptions) {
  const candidates = dateCandidates(
    lines.map((line) => line.text),
    options,
  );
  const best = bestDate(candidates);
  if (!best) return { iso: undefined, confidence: 0, doubts: [RECEIPT_DOUBTS.noDate] };
  const rivals = new Set(candidates.filter((other) => other.score === best.score).map((other) => other.iso));
  const ocrConfidence = lines[best.index]?.confidence ?? 0.5;
  const doubts: string[] = [];
  let agreement = 1;
  if (rivals.size > 1) {
    agreement *= 0.6;
    doubts.push(RECEIPT_DOUBTS.datesDisagree);
  } else if (best.score === 0) {
    agreement *= 0.8;
    if (ocrConfidence * agreement < 0.6) doubts.push(RECEIPT_DOUBTS.dateUnlabelled);
  }
  if (ocrConfidence < FAINT) doubts.push(RECEIPT_DOUBTS.dateFaint);
  return { iso: best.iso, confidence: round(ocrConfidence * agreement), doubts };
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
