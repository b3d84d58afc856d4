/**
 * The largest bank file read. A personal account's year is well under 1 MB in any format, and 100,000
 * rows fit in it as CSV, QIF, MT940 or OFX; the file and what is read from it sit in memory during a
 * preview, so the bound keeps a few concurrent imports within a small server's memory.
 */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
/** A user's rules are all tried on every row; a few hundred covers any real set of payees. */
export const IMPORT_RULES_MAX = 500;
/** "Apply to existing transactions" lists at most this many changes (all are applied). */
export const RULE_CHANGES_LISTED_MAX = 500;

/**
 * Every format a file is read as, detected from its content: banks' statements, and the CSV exports of
 * the budgeting apps people switch from (their columns tell them apart from a bank's CSV). The one list
 * the server, the web's file picker and the CLI's help are written from.
 */
export const IMPORT_FORMATS = [
  'csv',
  'ofx',
  'qfx',
  'qif',
  'camt053',
  'mt940',
  'ynab',
  'actual',
  'firefly',
  'mint',
] as const;
export type ImportFormatName = (typeof IMPORT_FORMATS)[number];
export const IMPORT_FORMAT_LABELS: Record<ImportFormatName, string> = {
  csv: 'CSV',
  ofx: 'OFX',
  qfx: 'QFX',
  qif: 'QIF',
  camt053: 'CAMT.053',
  mt940: 'MT940',
  ynab: 'YNAB export',
  actual: 'Actual Budget export',
  firefly: 'Firefly III export',
  mint: 'Mint export',
};

/** The formats as one sentence for messages and help texts: "CSV, OFX, … or Mint export". */
export const IMPORT_FORMATS_SENTENCE = `${IMPORT_FORMATS.slice(0, -1)
  .map((format) => IMPORT_FORMAT_LABELS[format])
  .join(', ')} or ${IMPORT_FORMAT_LABELS[IMPORT_FORMATS[IMPORT_FORMATS.length - 1] ?? 'csv']}`;
/** What the file picker offers; the format is still detected from the content, never from the name. */
export const IMPORT_FILE_ACCEPT = '.csv,.txt,.ofx,.qfx,.qif,.xml,.camt,.053,.sta,.mt940,.940';

export const IMPORT_MESSAGES = {
  noFile: `Choose a bank file to import (${IMPORT_FORMATS_SENTENCE}).`,
  tooLarge: `The file is too large: files up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB can be imported. Export a shorter period and import it in parts.`,
  unreadableUpload:
    'The upload could not be read. Send the statement as a multipart form with a `file` part.',
  accountNotFound: 'This file has no such account. Preview it again and choose one of its accounts.',
  accountOrNewAccount: 'Choose one of your accounts or a new account for this file, not both.',
  chooseAccount: 'This file holds several accounts: choose which one to import.',
  ruleNotFound: 'Rule not found',
  tooManyRules: `You can keep at most ${IMPORT_RULES_MAX} rules. Delete or merge some first.`,
  reorderMismatch: 'The new order must list each of your rules exactly once. Reload the page and try again.',
  nothingToImport: 'Nothing new to import: every row of this account is already saved.',
  noTransactions:
    'This file holds no transactions: its statements have no entries. Nothing was saved. Check the period you exported.',
  noTransactionsInAccount:
    'This account of the file holds no transactions, so nothing was saved. Choose another account of the file.',
  importFailed: 'The import stopped and nothing was saved. Please try again.',
  fileTooHard:
    'This file could not be read: it took too long or too much memory. Nothing was saved. Export a shorter period and import it in parts.',
  rulesTooHard:
    'Your rules could not be checked: a pattern took too long or too much memory. Nothing was changed. Make your regular expressions simpler.',
  rowChangesInvalid:
    'The changes to the preview could not be read: send rowChanges as a JSON list of { "row": n, "category": "…" }, { "row": n, "skip": true } or { "row": n, "transferAccount": "<account id>" }.',
  mappingInvalid:
    'The column mapping could not be read: send mapping as JSON such as {"date": "Booking date", "name": "Payee"} (fields: date, name, amount, debit, credit, type, category, note).',
  rowChangeOutside:
    'A change names a row the preview does not have. Preview the file again and redo the change.',
  markedTransferSavedMeanwhile:
    'Already in this account (saved by another import since the preview), so it was not saved again and is not a transfer: link it to its other side from the transactions list.',
} as const;

/** A rule names a category the user does not have, and did not ask to create it. */
export function unknownRuleCategoryMessage(name: string): string {
  return `"${name}" is not one of your categories. Pick one from your list, or choose to create it.`;
}

/** Why a row gets its category, as the preview shows it. */
export type CategoryReason =
  | { kind: 'rule'; ruleId: string; position: number; pattern: string }
  | { kind: 'file' }
  /** `like`: the earlier payee it was matched to when the names differ ("Whole Foods" for "WHOLE FOODS MKT #10234"). */
  | { kind: 'history'; like?: string }
  | { kind: 'default' };

export type DuplicateReason = 'bankId' | 'sameRow';

/** The sentence the preview shows for a row's category. */
export function describeCategoryReason(reason: CategoryReason): string {
  switch (reason.kind) {
    case 'rule':
      return `Rule ${reason.position}`;
    case 'file':
      return 'From the file';
    case 'history':
      return reason.like ? `Like your “${reason.like}” rows` : 'Suggested from your history';
    case 'default':
      return 'Default';
  }
}

/** The saved transaction a duplicate row matches, for the preview to show beside it. */
export type DuplicateMatch = {
  id: string;
  date: string;
  name: string;
  /** The saved row was deleted: a removed row stays removed, so its bank id still skips the row. */
  deleted?: boolean;
};

/**
 * A saved row of another of the user's accounts that an imported row is the other side of: the same
 * amount, the other direction, within TRANSFER_MATCH_DAYS. Imported as one transfer unless declined.
 */
export type TransferMatch = {
  id: string;
  accountId: string;
  accountName: string;
  date: string;
  name: string;
};

/** How far apart the two sides of a transfer may be booked (banks take a few working days). */
export const TRANSFER_MATCH_DAYS = 4;

export const DUPLICATE_LABELS: Record<DuplicateReason, string> = {
  bankId: 'Already imported (same bank id)',
  sameRow: 'Already present (same day, amount, type and name)',
};

/** Where a problem is, as the preview and the refusals name it: "line 12", "Stmt[1]/Ntry[3] (line 40)". */
export function describeImportProblemPlace(problem: { line?: number; element?: string }): string {
  if (problem.element && problem.line !== undefined) return `${problem.element} (line ${problem.line})`;
  if (problem.element) return problem.element;
  return problem.line === undefined ? 'the file' : `line ${problem.line}`;
}

/** The most problems a refusal lists; the preview lists them all. */
export const IMPORT_PROBLEMS_LISTED_MAX = 20;

function listProblems(problems: readonly { line?: number; element?: string; message: string }[]): string {
  const listed = problems
    .slice(0, IMPORT_PROBLEMS_LISTED_MAX)
    .map((problem) => `${describeImportProblemPlace(problem)}: ${problem.message.replace(/\.$/, '')}`)
    .join('; ');
  const more = problems.length - IMPORT_PROBLEMS_LISTED_MAX;
  return more > 0 ? `${listed}; and ${more} more (the preview lists them all)` : listed;
}

/** A file (or account) none of whose rows could be read: refused whole. */
export function nothingReadableMessage(
  problems: readonly { line?: number; element?: string; message: string }[],
): string {
  return `No transaction of this file could be read, so nothing was saved. ${listProblems(problems)}.`;
}

/**
 * An import refused because some rows could not be read: a statement missing a row makes every balance
 * after it wrong, so the rest is saved only when the user says so.
 */
export function problemsRefusedMessage(
  problems: readonly { line?: number; element?: string; message: string }[],
): string {
  const count = problems.length;
  return (
    `${count === 1 ? '1 row' : `${count} rows`} of this file could not be read, so nothing was saved: ` +
    `${listProblems(problems)}. Fix the file, or import the other rows without ${count === 1 ? 'it' : 'them'} ` +
    '(skipProblems=true).'
  );
}

/** The web's checkbox that allows importing a file without its unreadable rows. */
export function skipProblemsLabel(count: number): string {
  return `Import the other rows and leave out the ${count === 1 ? 'row' : `${count} rows`} that could not be read`;
}
