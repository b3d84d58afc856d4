import type { ImportFormatName } from '@paisable/contracts';

import type { FilePlace } from './errors';

/**
 * The formats a file is recognised as, from its content (the list is in the contracts). QFX is OFX with
 * Intuit's extra tags; ynab, actual, firefly and mint are those apps' CSV exports.
 */
export type ImportFormat = ImportFormatName;

/** One money movement read from a file, ready to become a transaction once the user confirms. */
export type StatementRow = {
  /** The booking day as the file writes it: `YYYY-MM-DD`, never shifted by a time zone. */
  date: string;
  /** Exact, in minor units, always > 0; the direction is `isIncome`. */
  amountCents: number;
  isIncome: boolean;
  /** Payee or description: non-empty and within TRANSACTION_NAME_MAX_LENGTH (see `warnings`). */
  name: string;
  /** Memo, remittance information, further details: within NOTE_MAX_LENGTH. */
  note: string;
  /**
   * The bank's own id of the transaction, only where it is unique per account: OFX FITID, CAMT
   * AcctSvcrRef/NtryRef, the bank's reference after `//` of an MT940 `:61:` (never the customer's
   * reference, a placeholder such as NONREF, or an IBAN). An id that two rows of one file share is
   * dropped from both (`distrustRepeatedIds`), so it never makes a row look like a duplicate.
   */
  bankId?: string;
  /** The file's own category, for formats that carry one (a CSV category column, QIF `L`). */
  category?: string;
  /** Split lines the file gives (QIF S/E/$) that add up to the amount exactly: the row is saved split. */
  splits?: { category: string; amountCents: number; note: string }[];
  /** What was changed to fit (a shortened payee, a missing description), for the preview to show. */
  warnings?: string[];
  source: FilePlace;
};

/** A balance the file states, signed (negative: overdrawn, or owed on a card), on its day. */
export type StatementBalance = { date: string; cents: number };

export type StatementAccount = {
  /** Stable for the same file (`account-1`, …): what the user's choice of accounts refers to. */
  key: string;
  /** For people, with the account number masked to its last 4 characters: "Checking ••••6789 · USD". */
  label: string;
  currency?: string;
  /** The full account number or IBAN (accountIdentifier's form), where the file states it: matched to the user's accounts. */
  identifier?: string;
  /**
   * The account's own name in another app's export (YNAB's "Account", Mint's "Account Name"): matched to
   * the user's account of that name, or the name of the account proposed for it.
   */
  name?: string;
  /** What the file calls the account's kind (OFX ACCTTYPE, QIF !Type), for an account opened from it. */
  kind?: string;
  rows: StatementRow[];
  /** The first statement's opening balance and the last one's closing balance, where the file states them. */
  opening?: StatementBalance;
  closing?: StatementBalance;
};

/**
 * A row that could not be read (a bad date, a missing amount), with where it is and, when the reader
 * knows it, the key of the account it belongs to. The rest of that account is imported only when the
 * user says so (`skipProblems`): a statement missing one row makes every balance after it wrong.
 */
export type ImportProblem = FilePlace & { message: string; account?: string };

export type ParsedStatement = {
  format: ImportFormat;
  /** The encoding the bytes were read in (`utf-8`, `windows-1252`, …). */
  encoding: string;
  accounts: StatementAccount[];
  problems: ImportProblem[];
  /** Decisions the reader took for the whole file that the user may want to know ("dates read as day/month"). */
  notices: string[];
};

/** What a format parser hands back; decoding and detection add the rest. */
export type FormatResult = Pick<ParsedStatement, 'accounts' | 'problems'> & { notices?: string[] };
