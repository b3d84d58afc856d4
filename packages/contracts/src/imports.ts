import { z } from 'zod';

import { categoryName } from './categories';
import { importRuleInput, RULE_FIELDS, RULE_MATCH_KINDS, type ImportRule } from './import-rules';
import type { AccountKind } from './rules/accounts';
import {
  IMPORT_MESSAGES,
  IMPORT_RULES_MAX,
  type CategoryReason,
  type DuplicateMatch,
  type DuplicateReason,
  type ImportFormatName,
  type TransferMatch,
} from './rules/imports';
import type { CentsTotal } from './rules/money';

export {
  type CategoryReason,
  describeCategoryReason,
  describeImportProblemPlace,
  DUPLICATE_LABELS,
  type DuplicateMatch,
  type DuplicateReason,
  IMPORT_FILE_ACCEPT,
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  IMPORT_FORMATS_SENTENCE,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_PROBLEMS_LISTED_MAX,
  IMPORT_RULES_MAX,
  type ImportFormatName,
  nothingReadableMessage,
  problemsRefusedMessage,
  RULE_CHANGES_LISTED_MAX,
  skipProblemsLabel,
  TRANSFER_MATCH_DAYS,
  type TransferMatch,
  unknownRuleCategoryMessage,
} from './rules/imports';

export type ImportPreviewRow = {
  /** The file's line (and, for XML, the element) the row was read from. */
  line?: number;
  element?: string;
  date: string;
  amountCents: number;
  isIncome: boolean;
  /** The name that will be saved: the file's payee, or a rule's new name. */
  name: string;
  /** The file's own payee when a rule renamed it. */
  originalName?: string;
  note: string;
  bankId?: string;
  /** "Split" when the file splits the row into lines (QIF S/E/$) that add up to its amount. */
  category: string;
  /** The file's split lines; saved as the row's lines. */
  splits?: { category: string; amountCents: number; note: string }[];
  reason: CategoryReason;
  /** Already saved: skipped on confirm. */
  duplicate?: DuplicateReason;
  /** The saved transaction it duplicates. */
  duplicateOf?: DuplicateMatch;
  /** The saved row of another account it is the other side of: the two become one transfer on import. */
  transferOf?: TransferMatch;
  warnings?: string[];
};

export type ImportPreviewAccount = { key: string; label: string; currency?: string; rowCount: number };

/**
 * Which of the user's accounts the rows go into, and why: `chosen` by the user, found by the statement's
 * account `number` (IBAN or account number, remembered from an earlier import), by the account's `name` in
 * another app's export (YNAB, Actual, Firefly III, Mint: "Checking" into the user's "Checking"), the `first` open account
 * because nothing decided, or a `new` account opened from the statement on import (`newAccount`).
 */
export type ImportDestination = {
  /** Absent for a new account: it gets its id on import. */
  accountId?: string;
  name: string;
  reason: 'chosen' | 'number' | 'name' | 'first' | 'new';
  /**
   * The account's currency (a new account's: the user's display currency). Every amount of the preview
   * (rows, balances) is in its minor unit: ¥1,500 is 1500.
   */
  currency: string;
};

/**
 * An account for a statement account that none of the user's accounts is known as: opened on import when
 * asked (`newAccount`), with the statement's opening balance, and known by the statement's number after.
 */
export type ProposedAccount = {
  name: string;
  kind: AccountKind;
  /** The statement's masked number ("••••6789"), for people to recognise it. */
  number?: string;
  openingBalanceCents: number;
  openingDate: string;
};

export type ImportPreview = {
  format: ImportFormatName;
  encoding: string;
  accounts: ImportPreviewAccount[];
  /** The account the rows are of. */
  account: string;
  /** The user's account they go into. */
  destination: ImportDestination;
  /** When the statement names an account (IBAN, number) that none of the user's accounts is known as. */
  proposedAccount?: ProposedAccount;
  rows: ImportPreviewRow[];
  newCount: number;
  duplicateCount: number;
  /**
   * Rows of this account (or of no known account) that could not be read (a bad date, a missing
   * amount), with where they are. While there are any, the import is refused unless `skipProblems`.
   */
  problems: { line?: number; element?: string; message: string }[];
  notices: string[];
  /** Where the file states the account's closing balance: does the account match it once imported? */
  balanceCheck?: BalanceCheck;
};

/**
 * The bank's closing balance (OFX LEDGERBAL, CAMT CLBD, MT940 :62F:) against the user's account on that
 * day with the file's new rows saved. A difference means missing rows, an opening balance to set, or rows
 * in the wrong account, and it is cheaper to see before importing than to reconcile by hand later.
 */
export type BalanceCheck = {
  /** The statement's day of the closing balance. */
  date: string;
  /** The user's account the rows go into; absent for a new account opened on import. */
  accountId?: string;
  statementCents: CentsTotal;
  afterImportCents: CentsTotal;
  /** statement − after import: 0 when they match. */
  differenceCents: CentsTotal;
};

export type ImportResult = {
  account: string;
  /** The user's account the rows went into (a new one when `newAccount` was asked). */
  accountId: string;
  importedCount: number;
  duplicateCount: number;
  /** Rows that could not be read and were left out (only with `skipProblems`). */
  problemCount: number;
  /** Rows the user left out in the preview (`rowChanges` with `skip`). */
  skippedCount: number;
  /** Rows saved as one transfer with their other side in another account. */
  transferCount: number;
  /**
   * Rows the user marked as transfers in the preview that were not saved (their bank id was saved by
   * another import meanwhile), each with why: never dropped without a word. Absent when there are none.
   */
  notSaved?: ImportRowNotSaved[];
};

/** A row of the preview (`row`: its index there) that was not saved as the user asked, and why. */
export type ImportRowNotSaved = { row: number; date: string; name: string; message: string };

/** A list sent as JSON text (a multipart field), read before it is checked; unreadable text stays text. */
function jsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * What the user changed in the preview, by the row's index in it: another category, leave it out, decline
 * a matched transfer, or mark it as a transfer with another of their accounts.
 */
export const importRowChange = z
  .object({
    row: z.number({ error: IMPORT_MESSAGES.rowChangesInvalid }).int().min(0).max(10_000_000),
    category: categoryName.optional(),
    skip: z.boolean({ error: IMPORT_MESSAGES.rowChangesInvalid }).optional(),
    /** false: import a row the preview matched as a transfer as a plain income or expense. */
    transfer: z.boolean({ error: IMPORT_MESSAGES.rowChangesInvalid }).optional(),
    /**
     * The id of another of the user's accounts: the row is a transfer with it, saved as a pair with the
     * matching row there, or with an opposite leg written there when it has none.
     */
    transferAccount: z.string({ error: IMPORT_MESSAGES.rowChangesInvalid }).max(100).optional(),
  })
  .strict();
export type ImportRowChange = z.output<typeof importRowChange>;

const loose = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

const mappedHeader = z.string({ error: IMPORT_MESSAGES.mappingInvalid }).trim().min(1).max(200).optional();

/** CSV only: the header of each field the file names in a way the reader does not recognise. */
export const importColumnMapping = z
  .object(
    {
      date: mappedHeader,
      name: mappedHeader,
      amount: mappedHeader,
      debit: mappedHeader,
      credit: mappedHeader,
      type: mappedHeader,
      category: mappedHeader,
      note: mappedHeader,
    },
    { error: IMPORT_MESSAGES.mappingInvalid },
  )
  .strict();

/** How a file is read: its account, and for CSV/QIF the date order and decimal comma. */
export const importOptions = z.object({
  account: z
    .string({ error: IMPORT_MESSAGES.accountNotFound })
    .max(50, IMPORT_MESSAGES.accountNotFound)
    .optional(),
  dateFormat: z.enum(['ymd', 'dmy', 'mdy'], { error: 'Choose the date order: ymd, dmy or mdy.' }).optional(),
  decimalComma: loose.optional(),
  /**
   * Which of the user's accounts the rows go into (not the file's own `account`). By default the account
   * known by the statement's number, else the first open one.
   */
  accountId: z.string().max(100).optional(),
  /** Open a new account for the statement (the preview's `proposedAccount`) and import into it. */
  newAccount: loose.optional(),
  /**
   * Import the readable rows of a file some of whose rows could not be read. Off by default: a statement
   * missing a row makes every balance after it wrong, so the user must see the problems and say so.
   */
  skipProblems: loose.optional(),
  /** CSV only, sent as JSON text in a form: `{"date": "Booking date", "name": "Payee"}`. */
  mapping: z.preprocess(jsonText, importColumnMapping).optional(),
  /** The category of rows that no rule, column of the file or earlier payee decides (else Miscellaneous). */
  defaultCategory: categoryName.optional(),
  /** The user's changes to the preview's rows; the rest import as previewed. */
  rowChanges: z
    .preprocess(
      jsonText,
      z
        .array(importRowChange, { error: IMPORT_MESSAGES.rowChangesInvalid })
        .max(100_000, IMPORT_MESSAGES.rowChangesInvalid),
    )
    .optional(),
});
export type ImportOptions = z.output<typeof importOptions>;

/** A saved rule: the contract's rule with its id and place in the user's order (1 is tried first). */
export type SavedImportRule = ImportRule & { id: string; position: number };

export const ruleIdInput = z.object({ id: z.string({ error: IMPORT_MESSAGES.ruleNotFound }).max(100) });
export const createRuleInput = importRuleInput;
export const updateRuleInput = z.object({
  id: z.string({ error: IMPORT_MESSAGES.ruleNotFound }).max(100),
  rule: importRuleInput,
});
export const reorderRulesInput = z.object({
  ids: z
    .array(z.string().max(100), { error: IMPORT_MESSAGES.reorderMismatch })
    .max(IMPORT_RULES_MAX, IMPORT_MESSAGES.reorderMismatch),
});

/** One existing transaction that the rules would change. */
export type RuleChange = {
  id: string;
  date: string;
  name: string;
  amountCents: number;
  isIncome: boolean;
  fromCategory: string;
  toCategory: string;
  /** Set when the rule renames the transaction. */
  toName?: string;
  rulePosition: number;
};

export type RuleChangesPreview = { changeCount: number; changes: RuleChange[] };

/** A saved rule as the API answers it (tRPC `importRules.*`). */
export const savedImportRuleOutput = z.object({
  id: z.string(),
  /** 1 is tried first. */
  position: z.number().int(),
  match: z.enum(RULE_MATCH_KINDS),
  field: z.enum(RULE_FIELDS).optional(),
  pattern: z.string(),
  minAmountCents: z.number().int().optional(),
  maxAmountCents: z.number().int().optional(),
  type: z.enum(['income', 'expense']).optional(),
  setCategory: z.string(),
  rename: z.string().optional(),
}) satisfies z.ZodType<SavedImportRule>;

export const ruleChangesPreviewOutput = z.object({
  changeCount: z.number().int(),
  changes: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      name: z.string(),
      amountCents: z.number().int(),
      isIncome: z.boolean(),
      fromCategory: z.string(),
      toCategory: z.string(),
      toName: z.string().optional(),
      rulePosition: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<RuleChangesPreview>;

export const ruleDeletedOutput = z.object({ id: z.string() });
export const rulesAppliedOutput = z.object({ changedCount: z.number().int() });
