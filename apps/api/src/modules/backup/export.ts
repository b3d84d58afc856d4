import { Readable } from 'node:stream';
import yazl from 'yazl';

import { formatMinor, todayInTimeZone } from '@paisable/contracts';

import type { AppDeps } from '../../deps';
import { findUserRow } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import {
  BACKUP_FORMAT,
  BACKUP_TABLES,
  BACKUP_VERSION,
  MANIFEST_FILE,
  RECEIPT_FILE_EXTENSIONS,
  RECEIPT_FOLDER,
  tableFile,
  type BackupManifest,
  type BackupTable,
} from './format';
import { rowsOf } from './tables';

/**
 * "Download all my data": a zip with every row of the user in JSON (one file per table), the transactions
 * again as CSV for spreadsheets, and the receipts' images and PDFs. The rows are read in one repeatable-read
 * transaction (one consistent moment); the zip is streamed, each receipt file read only when its turn comes.
 */
export async function exportUserData(
  deps: Pick<AppDeps, 'db' | 'files' | 'now'>,
  { userId }: { userId: string },
) {
  const user = await findUserRow(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const tables = await deps.db.transaction(
    async (tx) => {
      const read = {} as Record<BackupTable, Record<string, unknown>[]>;
      for (const table of BACKUP_TABLES) read[table] = await rowsOf(tx, table, userId);
      return read;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: deps.now().toISOString(),
    user: { defaultCurrency: user.defaultCurrency, timeZone: user.timeZone },
    counts: Object.fromEntries(
      BACKUP_TABLES.map((table) => [table, tables[table].length]),
    ) as BackupManifest['counts'],
  };

  const zip = new yazl.ZipFile();
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 1)}\n`);
  zip.addBuffer(json(manifest), MANIFEST_FILE);
  for (const table of BACKUP_TABLES) zip.addBuffer(json(tables[table]), tableFile(table));
  zip.addBuffer(Buffer.from(transactionsCsv(tables.transactions, tables.accounts)), 'transactions.csv');
  for (const receipt of tables.receipts) {
    const key = String(receipt.fileKey);
    const name = `${RECEIPT_FOLDER}${String(receipt.id)}.${RECEIPT_FILE_EXTENSIONS[String(receipt.contentType)] ?? 'bin'}`;
    zip.addReadStreamLazy(name, { compress: false }, (done) => {
      deps.files.get(key).then(
        (bytes) => done(null, Readable.from([bytes])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  const day = todayInTimeZone(user.timeZone, deps.now());
  return { stream: zip.outputStream, fileName: `paisable-${day}.zip` };
}

/** The transactions for a spreadsheet: one per line, newest first, deleted ones left out. */
function transactionsCsv(rows: Record<string, unknown>[], accountRows: Record<string, unknown>[]) {
  const accountNames = new Map(accountRows.map((account) => [account.id, String(account.name)]));
  const cell = (value: unknown) => {
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    // Quoted when needed, and a leading =, +, - or @ defused so a spreadsheet never runs it as a formula.
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [['Date', 'Name', 'Category', 'Amount', 'Type', 'Account', 'Cleared', 'Note'].join(',')];
  const live = rows
    .filter((row) => row.deletedAt === null)
    .sort((a, b) => String(b.occurredOn).localeCompare(String(a.occurredOn)));
  for (const row of live) {
    lines.push(
      [
        row.occurredOn,
        row.name,
        row.category,
        // In the row's currency's decimals: 1500 yen is "1500", never "15.00".
        formatMinor(Number(row.amountCents), String(row.currency)),
        row.isIncome ? 'income' : 'expense',
        accountNames.get(row.accountId) ?? '',
        row.cleared ? 'yes' : 'no',
        row.note,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
