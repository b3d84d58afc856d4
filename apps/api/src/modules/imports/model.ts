import type { FilePlace } from './errors';

/** The formats a file is recognised as, from its content. QFX is OFX with Intuit's extra tags. */
export type ImportFormat = 'csv' | 'ofx' | 'qfx' | 'qif' | 'camt053' | 'mt940';

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
  /** The bank's own id of the transaction (OFX FITID, CAMT AcctSvcrRef/NtryRef, MT940 :61: reference). */
  bankId?: string;
  /** The file's own category, for formats that carry one (a CSV category column, QIF `L`). */
  category?: string;
  /** What was changed to fit (a shortened payee, a missing description), for the preview to show. */
  warnings?: string[];
  source: FilePlace;
};

export type StatementAccount = {
  /** Stable for the same file (`account-1`, …): what the user's choice of accounts refers to. */
  key: string;
  /** For people, with the account number masked to its last 4 characters: "Checking ••••6789 · USD". */
  label: string;
  currency?: string;
  rows: StatementRow[];
};

/** A row left out (a bad date, a bad amount), with where it is. The rest of the file still imports. */
export type ImportProblem = FilePlace & { message: string };

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
