import { guessCategory } from './parse-category';
import { findDate, type DateOptions } from './parse-date';
import { findMerchant } from './parse-merchant';
import { findTotal } from './parse-total';

export type ParsedReceipt = {
  merchant: string;
  /** Undefined when no total could be read: the caller must not invent one. */
  amountCents: number | undefined;
  category: string;
  /** Undefined when no date was found. */
  date: string | undefined;
  /** 0–1 per field, where the reader knows how sure it is. */
  confidence?: { merchant: number; total: number; date: number };
  /** Why a field should be checked by hand. */
  doubts?: string[];
};

export const UNKNOWN_MERCHANT = 'Unknown Merchant';

/** Reads merchant, grand total, date and category out of a receipt's text (OCR or PDF text layer). */
export function parseReceiptText(text: string, options: DateOptions): ParsedReceipt {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
  const merchant = findMerchant(lines) ?? UNKNOWN_MERCHANT;
  return {
    merchant,
    amountCents: findTotal(lines),
    category: guessCategory(merchant, text),
    date: findDate(lines, options),
  };
}
