import { z } from 'zod';

import { isoDate, storedDate } from './dates';
import { CATEGORY_MAX_LENGTH, SEARCH_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';
import { decimalAmountInput, isoCurrencyCodeInput } from './money';
import { payeeName, transactionPayee } from './payees';
import { ACCOUNT_MESSAGES } from './rules/accounts';
import { SPLIT_CATEGORY, SPLIT_LINES_MAX, SPLIT_MESSAGES, splitDecimalsProblem } from './rules/splits';
import {
  BULK_IDS_MAX,
  defaultSortOrder,
  NOTE_EDIT_MODES,
  NOTE_MAX_LENGTH,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SORT_ORDERS,
  TRANSACTION_LIST_MESSAGES,
  TRANSACTION_NAME_MAX_LENGTH,
  TRANSACTION_SORTS,
} from './rules/transactions';
import { tagFilter, tagNames } from './tags';

export {
  leftToAssignCents,
  SPLIT_CATEGORY,
  SPLIT_LINES_MAX,
  SPLIT_LINES_MIN,
  SPLIT_MESSAGES,
  splitDecimalsProblem,
  splitLinesProblem,
} from './rules/splits';
export {
  appendedNote,
  BULK_IDS_MAX,
  defaultSortOrder,
  NOTE_EDIT_MODES,
  NOTE_MAX_LENGTH,
  type NoteEditMode,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SORT_ORDERS,
  type SortOrder,
  TRANSACTION_LIST_MESSAGES,
  TRANSACTION_NAME_MAX_LENGTH,
  TRANSACTION_SORTS,
  type TransactionSort,
} from './rules/transactions';

const transactionName = z
  .string({ error: MESSAGES.transactionNameRequired })
  .trim()
  .min(1, MESSAGES.transactionNameRequired)
  .max(TRANSACTION_NAME_MAX_LENGTH, MESSAGES.transactionNameTooLong);

const transactionCategory = z
  .string({ error: MESSAGES.categoryRequired })
  .trim()
  .min(1, MESSAGES.categoryRequired)
  .max(CATEGORY_MAX_LENGTH, MESSAGES.categoryNameTooLong);

const note = z.string({ error: 'Note must be text.' }).max(NOTE_MAX_LENGTH, MESSAGES.noteTooLong);
const isIncome = z.boolean({ error: MESSAGES.isIncomeInvalid });

/** Ids are checked by the server (an unknown or malformed one is "not found"), so any short string passes. */
export const transactionId = z.string({ error: MESSAGES.transactionNotFound }).max(100);

/** The account a row is in; the user's first open account when a writer names none. */
const accountId = z.string({ error: ACCOUNT_MESSAGES.notFound }).max(100);

export const transactionIdInput = z.object({ id: transactionId });
export type TransactionIdInput = z.output<typeof transactionIdInput>;

/**
 * The wire says `amount` (a decimal); the service turns it into `amountCents`, the minor unit of the
 * account's currency (cents, yen, fils), refusing more decimals than that currency has.
 */
const ledgerAmount = decimalAmountInput;

/**
 * What was actually paid when it differs from what the account booked (50.00 EUR paid abroad, 54.13
 * USD on the card): both or neither, in a currency other than the account's; shown beside the row.
 */
const originalFields = {
  originalAmount: decimalAmountInput.nullable().optional(),
  /** Null (with a null amount) clears them; absent on an update keeps them. */
  originalCurrency: isoCurrencyCodeInput.nullable().optional(),
};

/**
 * One line of a split: its own category, a positive amount and a note. The amount is decimal text like the
 * row's, read by the service in the row's currency (a line of a yen row has no decimals either).
 */
export const splitLineInput = z.object({
  category: transactionCategory,
  amount: ledgerAmount,
  note: note.default(''),
});
export type SplitLineInput = z.output<typeof splitLineInput>;

/** A split's lines (2 to 50); that they add up to the row's amount is checked with the amount (`checkSplit`). */
export const splitLinesInput = z
  .array(splitLineInput, { error: SPLIT_MESSAGES.tooFewLines })
  .max(SPLIT_LINES_MAX, SPLIT_MESSAGES.tooManyLines);

/**
 * Refuses lines that do not split the amount exactly (too few, or not adding up), comparing the decimals
 * exactly before any currency is known; the service checks again in the row's minor unit.
 */
export function checkSplit(
  { amount, splits }: { amount?: string | undefined; splits?: readonly SplitLineInput[] | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (!splits || splits.length === 0 || amount === undefined) return;
  const problem = splitDecimalsProblem(
    amount,
    splits.map((line) => line.amount),
  );
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['splits'] });
}

export const createTransactionInput = z
  .object({
    name: transactionName,
    /** Not needed with `splits` (the row's category is then "Split"). */
    category: transactionCategory.optional(),
    amount: ledgerAmount,
    ...originalFields,
    isIncome: isIncome.default(false),
    /** Defaults to today in the user's time zone. */
    date: storedDate.optional(),
    note: note.default(''),
    accountId: accountId.optional(),
    /** Added to the `#tags` of the note. */
    tags: tagNames.default([]),
    /** Who it was with: one of the user's payees by name (in any case), made when new; none when absent. */
    payee: transactionPayee.optional(),
    /** Spreads the amount over these lines' categories. */
    splits: splitLinesInput.optional(),
  })
  .transform(({ category, splits, ...rest }, ctx) => {
    const split = splits !== undefined && splits.length > 0;
    if (!split && category === undefined) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.categoryRequired, path: ['category'] });
      return z.NEVER;
    }
    return {
      ...rest,
      category: split ? SPLIT_CATEGORY : (category ?? SPLIT_CATEGORY),
      ...(split ? { splits } : {}),
    };
  })
  .superRefine(checkSplit);
export type CreateTransactionInput = z.output<typeof createTransactionInput>;

/** A full replacement of the editable fields: a missing note clears it. */
export const updateTransactionInput = z
  .object({
    id: transactionId,
    name: transactionName,
    category: transactionCategory,
    amount: ledgerAmount,
    /** Absent: the row keeps what it had. */
    ...originalFields,
    isIncome,
    date: storedDate,
    note: note.default(''),
    /** Moves the row to another account; unchanged when absent. */
    accountId: accountId.optional(),
    /** The row's tags (with the note's `#tags`); unchanged when absent. */
    tags: tagNames.optional(),
    /** The row's payee by name (null or empty: none); unchanged when absent. */
    payee: transactionPayee.optional(),
    /**
     * The row's lines: 2 or more make it a split; an empty list or null ends a split (the category counts
     * again). When absent, a split row keeps its lines unless another category than "Split" is sent.
     */
    splits: splitLinesInput.nullable().optional(),
  })
  .superRefine(checkSplit);
export type UpdateTransactionInput = z.output<typeof updateTransactionInput>;

/** Only the fields that are present change (the legacy PUT); each one is validated like on create. */
export const transactionChangesInput = z
  .object({
    name: transactionName,
    category: transactionCategory,
    amount: ledgerAmount,
    ...originalFields,
    isIncome,
    date: storedDate,
    note,
    accountId,
    tags: tagNames,
    payee: transactionPayee,
    splits: splitLinesInput.nullable(),
  })
  .partial()
  .superRefine(checkSplit);
export type TransactionChanges = z.output<typeof transactionChangesInput>;

export const transactionFilters = z.object({
  /** Substring of the name, the note or the payee, ignoring case and accents ("cafe" finds "Café"); taken literally. */
  search: z.string().trim().max(SEARCH_MAX_LENGTH, MESSAGES.searchTooLong).optional(),
  isIncome: isIncome.optional(),
  category: z.string().trim().max(CATEGORY_MAX_LENGTH, MESSAGES.categoryNameTooLong).optional(),
  /** Inclusive. */
  startDate: isoDate.optional(),
  /** Inclusive. */
  endDate: isoDate.optional(),
  accountId: accountId.optional(),
  /** Rows carrying every one of these tags (any letter case). */
  tags: tagFilter.optional(),
  /** Rows of the payee of this name (any letter case or accents). */
  payee: payeeName.optional(),
});
export type TransactionFilters = z.output<typeof transactionFilters>;

export const transactionSort = z.enum(TRANSACTION_SORTS, { error: TRANSACTION_LIST_MESSAGES.sortInvalid });
export const sortOrder = z.enum(SORT_ORDERS, { error: TRANSACTION_LIST_MESSAGES.orderInvalid });

/** The order a list is read in once its defaults are applied. */
export function resolvedOrder(input: Pick<ListTransactionsInput, 'sort' | 'order'>) {
  return input.order ?? defaultSortOrder(input.sort);
}

export const listTransactionsInput = transactionFilters.extend({
  page: z
    .number({ error: MESSAGES.invalidPage })
    .int(MESSAGES.invalidPage)
    .min(1, MESSAGES.invalidPage)
    .max(PAGE_MAX, MESSAGES.invalidPage)
    .default(1),
  limit: z
    .number({ error: MESSAGES.invalidLimit })
    .int(MESSAGES.invalidLimit)
    .min(1, MESSAGES.invalidLimit)
    .default(PAGE_SIZE_DEFAULT)
    .transform((limit) => Math.min(limit, PAGE_SIZE_MAX)),
  sort: transactionSort.default('date'),
  /** Defaults to the sort's natural direction (`defaultSortOrder`). */
  order: sortOrder.optional(),
});
export type ListTransactionsInput = z.output<typeof listTransactionsInput>;

export const transactionIdsInput = z.object({
  ids: z
    .array(z.string({ error: MESSAGES.transactionIdsRequired }).max(100), {
      error: MESSAGES.transactionIdsRequired,
    })
    .min(1, MESSAGES.transactionIdsRequired)
    .max(BULK_IDS_MAX, MESSAGES.tooManyTransactionIds),
});
export type TransactionIdsInput = z.output<typeof transactionIdsInput>;

/** The fields a bulk edit can set on every selected row; absent fields stay as they are. */
export const bulkEditChanges = z
  .object({
    category: transactionCategory,
    accountId,
    isIncome,
    date: storedDate,
    note: z.object({
      mode: z.enum(NOTE_EDIT_MODES, { error: TRANSACTION_LIST_MESSAGES.noteModeInvalid }),
      text: note,
    }),
    /** Tags given to every row (those it has stay). */
    addTags: tagNames,
    /** Tags taken off every row. */
    removeTags: tagNames,
  })
  .partial()
  .refine((set) => Object.values(set).some((value) => value !== undefined), {
    message: TRANSACTION_LIST_MESSAGES.bulkEditEmpty,
  });
export type BulkEditChanges = z.output<typeof bulkEditChanges>;

export const bulkEditTransactionsInput = z.object({
  ids: transactionIdsInput.shape.ids,
  set: bulkEditChanges,
  /** Only count the rows that would change; nothing is written. */
  preview: z.boolean().default(false),
});
export type BulkEditTransactionsInput = z.output<typeof bulkEditTransactionsInput>;

/** A row's editable fields as they were before a bulk edit: what its undo writes back. */
export const bulkEditedRow = z.object({
  id: transactionId,
  category: transactionCategory,
  accountId,
  isIncome,
  date: storedDate,
  note,
  /** Its tags before the edit; an undo without them leaves the tags as they are. */
  tags: z.array(z.string()).optional(),
});
export type BulkEditedRow = z.output<typeof bulkEditedRow>;

export const bulkEditOutput = z.object({
  changedCount: z.number().int(),
  /** The changed rows as they were (empty for a preview): hand them to `undoBulkEdit`. */
  before: z.array(bulkEditedRow),
});
export type BulkEditResult = z.infer<typeof bulkEditOutput>;

export const undoBulkEditInput = z.object({
  rows: z
    .array(bulkEditedRow, { error: MESSAGES.transactionIdsRequired })
    .min(1, MESSAGES.transactionIdsRequired)
    .max(BULK_IDS_MAX, MESSAGES.tooManyTransactionIds),
});
export type UndoBulkEditInput = z.output<typeof undoBulkEditInput>;
export const bulkEditUndoneOutput = z.object({ restoredCount: z.number().int() });

export const splitLineOutput = z.object({
  category: z.string(),
  amount: z.number(),
  amountCents: z.number().int(),
  note: z.string(),
});
export type SplitLine = z.infer<typeof splitLineOutput>;

export const transactionOutput = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  /** Decimal amount for display, e.g. 12.5; always positive, `isIncome` gives the sign. */
  amount: z.number(),
  /** The exact amount in the minor unit of `currency` (cents, yen); do arithmetic on this. */
  amountCents: z.number().int(),
  /** ISO 4217: the currency of the row's account. */
  currency: z.string(),
  /** What was paid in another currency (card spending abroad), in that currency's minor unit; else null. */
  originalAmountCents: z.number().int().nullable(),
  originalCurrency: z.string().nullable(),
  isIncome: z.boolean(),
  /** Calendar day `YYYY-MM-DD`; a day after today is scheduled, counted in no balance or total yet. */
  date: z.string(),
  note: z.string(),
  accountId: z.string(),
  /** Shared by the two legs of a transfer; null for income and expenses. */
  transferId: z.string().nullable(),
  /** Confirmed against the bank's statement by a reconciliation. */
  cleared: z.boolean(),
  /** The payee as the bank wrote it (imported rows); renames and merges of payees leave it as it was. */
  bankPayee: z.string().nullable(),
  /** The payee's name (present on a read, a write and the list; left out by the dashboard's short lists). */
  payee: z.string().nullable().optional(),
  /** A split row's lines (its category is then "Split"); empty for the rest. */
  splits: z.array(splitLineOutput),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Transaction = z.infer<typeof transactionOutput>;

/** A transaction with its tags (A to Z): what reading, creating and changing one answers. */
export const taggedTransactionOutput = transactionOutput.extend({
  tags: z.array(z.string()),
  payee: z.string().nullable(),
});
export type TaggedTransaction = z.infer<typeof taggedTransactionOutput>;

/** A row of the list: a transfer's leg also names the account on the other side. */
export const transactionListItemOutput = transactionOutput.extend({
  /** The other leg's account: "Transfer to Savings" reads better than "Transfer out". Null for the rest. */
  transferAccountId: z.string().nullable(),
  /** Its tags, A to Z. */
  tags: z.array(z.string()),
  /** Its payee's name, or null. */
  payee: z.string().nullable(),
});
export type TransactionListItem = z.infer<typeof transactionListItemOutput>;

export const transactionPageOutput = z.object({
  items: z.array(transactionListItemOutput),
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
});
export type TransactionPage = z.infer<typeof transactionPageOutput>;

export const transactionDeletedOutput = z.object({ id: z.string() });
export const transactionsDeletedOutput = z.object({ deletedCount: z.number().int() });
export const transactionsRestoredOutput = z.object({ restoredCount: z.number().int() });
