import { z } from 'zod';

import { storedDate } from './dates';
import { isoCurrencyCodeInput } from './money';
import {
  RECEIPT_CONTENT_TYPES,
  RECEIPT_MESSAGES,
  RECEIPT_STATUSES,
  type ReceiptContentType,
  type ReceiptStatus,
} from './rules/receipts';
import { SPLIT_CATEGORY } from './rules/splits';
import { checkSplit, createTransactionInput, splitLinesInput, transactionOutput } from './transactions';

export {
  RECEIPT_CONFIDENT,
  RECEIPT_CONTENT_TYPES,
  RECEIPT_DOUBTS,
  RECEIPT_FILE_ACCEPT,
  RECEIPT_LIST_LIMIT,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PIXELS,
  RECEIPT_MESSAGES,
  RECEIPT_STATUS_LABELS,
  RECEIPT_STATUSES,
  type ReceiptContentType,
  receiptsBusyMessage,
  type ReceiptStatus,
} from './rules/receipts';

export const receiptIdInput = z.object({ id: z.string().max(100) });
export const receiptForTransactionInput = z.object({ transactionId: z.string().max(100) });

const expense = createTransactionInput.in.shape;
/**
 * What the user saves from the review: the expense's fields, each checked like a typed expense; with
 * `splits` (the items' lines, adding up to the amount exactly) the expense is split and its category is
 * "Split".
 */
export const saveReceiptInput = z
  .object({
    id: z.string().max(100),
    name: expense.name,
    category: expense.category.unwrap(),
    /** Read in the currency of the account the expense goes to (no decimals for yen). */
    amount: expense.amount,
    /**
     * The total as printed, in the receipt's own currency when that is not the account's ("3.75" of a
     * euro receipt saved as $4.10): kept on the expense as what was paid in that currency.
     */
    printedAmount: expense.amount.optional(),
    /** The account the expense goes to (or is moved to); without it, the one it is in, else the first open one. */
    accountId: expense.accountId,
    /**
     * The currency of `printedAmount` when the user says which it is (the one read was wrong, or none was
     * read); without it, the currency read from the receipt.
     */
    printedCurrency: isoCurrencyCodeInput.optional(),
    date: storedDate,
    splits: splitLinesInput.optional(),
  })
  .transform(({ category, splits, ...rest }) => {
    const split = splits !== undefined && splits.length > 0;
    return {
      ...rest,
      category: split ? SPLIT_CATEGORY : category,
      ...(split ? { splits } : {}),
    };
  })
  .superRefine(checkSplit)
  .superRefine(({ printedAmount, printedCurrency }, context) => {
    // A currency with no amount in it would be kept nowhere.
    if (printedCurrency !== undefined && printedAmount === undefined)
      context.addIssue({
        code: 'custom',
        path: ['printedAmount'],
        message: RECEIPT_MESSAGES.printedTotalMissing,
      });
  });
export type SaveReceiptInput = z.output<typeof saveReceiptInput>;

/** Per field, how sure the reader is (0–1): from the OCR's confidence and how many checks agree. */
export type ReceiptConfidence = { merchant: number; total: number; date: number };

/**
 * An item line of a receipt: what was bought and what it cost (cents, after its own discount); below zero
 * for an amount taken off on a line of its own (a deposit returned).
 */
export type ReceiptItem = { description: string; amountCents: number };
/** A line of the split a receipt proposes: its items of one category, with their share of the tax. */
export type ReceiptSplitLine = { category: string; amountCents: number; note: string };

/** What was read from a receipt, or what the user saved. Amount in cents; date a calendar day. */
export type ReceiptReading = {
  merchant: string;
  /** Null when no total could be read. */
  amountCents: number | null;
  category: string;
  /** Null when no date could be read. */
  date: string | null;
  /**
   * The currency the receipt is printed in (ISO 4217: "EUR", "MYR"): as read (`readCurrency`) until it is
   * saved, then the one its expense was paid in, as the user said. The amount is in that currency's units
   * (×100, like cents).
   */
  currency: string | null;
  /** The currency read from the receipt's symbols, codes and country cues; null when it names none. */
  readCurrency: string | null;
  /** The item lines printed on it, top to bottom; empty when none could be read. */
  items: ReceiptItem[];
  /**
   * The account the expense goes to: the saved expense's account; before it is saved, the account named at
   * upload (while open), else an open account kept in the currency the receipt is printed in when the first
   * open account keeps another, else the first open account; null when the user has no open account.
   */
  accountId: string | null;
  /** The currency of that account. `proposedSplit` is in its minor unit. */
  accountCurrency: string;
  /**
   * The saved expense's amount in the minor unit of `accountCurrency` (what was charged, for a receipt
   * printed in another currency); null until the receipt has an expense.
   */
  chargedMinor: number | null;
  /**
   * One line per category of the items, when the items (with the tax, service, discount and rounding
   * the receipt prints) add up exactly to `amountCents` and fall in two categories or more; else null.
   * Amounts in the minor unit of `accountCurrency` (¥500 is 500), the shares of the tax in whole units of
   * it, so the lines can be saved as they are; null when the total has decimals that currency lacks.
   */
  proposedSplit: ReceiptSplitLine[] | null;
  /**
   * While the total waits for review in doubt: other amounts the receipt may mean as its total (a second
   * total printed, what its subtotal and tax make, the total without a currency sign the OCR took for a
   * digit), best proven first, in the unit of `amountCents`. Empty when the total is sure or saved, and in
   * a list of receipts: only a single receipt (the one under review) carries them.
   */
  otherTotals: number[];
  /** Null once the user saved the fields (they are then certain). */
  confidence: ReceiptConfidence | null;
  /** Why a field should be checked by hand. */
  doubts: string[];
};

/** A receipt as the tRPC side sees it: poll until `status` is no longer `processing`. */
export type Receipt = {
  id: string;
  status: ReceiptStatus;
  /** Where the owner downloads the file (with their bearer token). */
  fileUrl: string;
  contentType: ReceiptContentType;
  /** Null while processing, and when the file could not be read. */
  reading: ReceiptReading | null;
  transactionId: string | null;
  /** Why it failed, in words for the user. */
  failureReason: string | null;
  createdAt: string;
};

const receiptConfidenceOutput = z.object({ merchant: z.number(), total: z.number(), date: z.number() });

export const receiptReadingOutput = z.object({
  merchant: z.string(),
  amountCents: z.number().int().nullable(),
  category: z.string(),
  date: z.string().nullable(),
  currency: z.string().length(3).nullable(),
  readCurrency: z.string().length(3).nullable(),
  items: z.array(z.object({ description: z.string(), amountCents: z.number().int() })),
  accountId: z.string().nullable(),
  accountCurrency: z.string().length(3),
  chargedMinor: z.number().int().nullable(),
  proposedSplit: z
    .array(z.object({ category: z.string(), amountCents: z.number().int(), note: z.string() }))
    .nullable(),
  otherTotals: z.array(z.number().int()),
  confidence: receiptConfidenceOutput.nullable(),
  doubts: z.array(z.string()),
}) satisfies z.ZodType<ReceiptReading>;

export const receiptOutput = z.object({
  id: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  fileUrl: z.string(),
  contentType: z.enum(RECEIPT_CONTENT_TYPES),
  reading: receiptReadingOutput.nullable(),
  transactionId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<Receipt>;

/** `created`: the receipt's expense was recorded by this save; `updated`: the one it had was corrected. */
export const receiptSavedOutput = z.object({
  receipt: receiptOutput,
  transaction: transactionOutput,
  outcome: z.enum(['created', 'updated']),
});
export const receiptDiscardedOutput = z.object({ id: z.string() });
