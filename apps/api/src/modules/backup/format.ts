/**
 * The download's layout ("Download all my data"), shared by the writer (export.ts, in the API process) and
 * the reader (read-backup.ts, in a sandbox process). One JSON file per table, every row of the user, with
 * the row's own ids (a restore gives every row a new id and keeps the links between them).
 */
export const BACKUP_FORMAT = 'paisable-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_FILE = 'paisable-backup.json';
/** The receipts' images and PDFs, named by the receipt's id: `receipts/<id>.<jpg|png|webp|heic|pdf>`. */
export const RECEIPT_FOLDER = 'receipts/';

/** A receipt file's extension in the download, by the type it was uploaded as (every type accepted). */
export const RECEIPT_FILE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/** The tables in the download, in the order a restore inserts them (a row's links point to earlier ones). */
export const BACKUP_TABLES = [
  'accounts',
  'categories',
  'payees',
  'recurringRules',
  'recurringOccurrences',
  'transactions',
  'tags',
  'transactionTags',
  'budgets',
  'importRules',
  'payeeRules',
  'receipts',
  'transactionSplits',
  'exchangeRates',
] as const;
/** Tables added after the first downloads: a download made before them has no file for them (no rows). */
export const BACKUP_TABLES_ADDED_LATER: ReadonlySet<string> = new Set([
  'payees',
  'payeeRules',
  'transactionSplits',
  'exchangeRates',
]);
export type BackupTable = (typeof BACKUP_TABLES)[number];

export const tableFile = (table: BackupTable) => `${table}.json`;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  exportedAt: string;
  /** The settings a restore gives the account it goes into. */
  user: { defaultCurrency: string; timeZone: string };
  /** Rows per table, checked on restore (a download cut short is refused). */
  counts: Record<BackupTable, number>;
};

/** A download as read back: the manifest, each table's rows, and the receipt files by receipt id. */
export type BackupContents = {
  manifest: BackupManifest;
  tables: Record<BackupTable, Record<string, unknown>[]>;
  receiptFiles: Record<string, Uint8Array>;
};

/**
 * Limits on a restore's zip, so a zip bomb costs nothing: the upload itself, then what it unpacks to,
 * checked against the sizes the zip declares and again against the bytes actually inflated.
 */
export const BACKUP_LIMITS = {
  uploadBytes: 100 * 1024 * 1024,
  unpackedBytes: 300 * 1024 * 1024,
  entryBytes: 100 * 1024 * 1024,
  entries: 50_000,
  /** A JSON file unpacking to over 1000 times its packed size is a bomb, not data. */
  ratio: 1000,
};

export const BACKUP_MESSAGES = {
  notABackup:
    'This file is not a Paisable download: choose the zip that "Download all my data" made. Nothing was changed.',
  newerVersion: 'This download was made by a newer Paisable. Update this server first. Nothing was changed.',
  tooBig: 'This zip unpacks to more than a download can hold (300 MB). Nothing was changed.',
  damaged: 'This download is damaged or incomplete. Nothing was changed.',
  notEmpty:
    'A restore goes into an empty account: this one already has transactions, budgets, rules, receipts or exchange rates. Sign up a new account (or delete these) and restore there. Nothing was changed.',
  restored: (transactions: number) =>
    `Restored: ${transactions} transaction${transactions === 1 ? '' : 's'} and everything else from the download.`,
} as const;
