import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';

import { isIsoCurrencyCode, isTimeZone } from '@paisable/contracts';

import type { DatabaseTransaction } from '../../db/client';
import { accounts, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forgetUserRow } from '../../lib/authenticate';
import { AppError } from '../../lib/errors';
import { sandboxFailureToAppError } from '../../lib/sandbox/app-error';
import {
  BACKUP_MESSAGES,
  BACKUP_TABLES,
  RECEIPT_FILE_EXTENSIONS,
  type BackupContents,
  type BackupTable,
} from './format';
import { BACKUP_SOURCES, columnsOf, rowsOf } from './tables';
import { readBackupTask } from './tasks';

type RestoreDeps = Pick<AppDeps, 'db' | 'files' | 'sandbox'>;

/**
 * "Restore from a download" into an empty account: the zip is read in a sandbox process (it is
 * untrusted), then every row goes in within one transaction, all or nothing. Every id is new (a download
 * restored on the server it came from meets its own rows), and each link between rows follows its row.
 * The account's first (empty) money account gives way to the download's.
 */
export async function restoreUserData(
  deps: RestoreDeps,
  { userId, bytes }: { userId: string; bytes: Buffer },
) {
  const answer = await deps.sandbox
    .run(readBackupTask, new Uint8Array(bytes), userId)
    .catch((error: unknown) => {
      throw sandboxFailureToAppError(error, {
        busy: (seconds) => `Another file of yours is being read; try again in ${seconds} seconds.`,
        tooHard: BACKUP_MESSAGES.tooBig,
      });
    });
  if ('refused' in answer) throw new AppError('UNPROCESSABLE_CONTENT', answer.refused);
  const { contents } = answer;

  const newId = idMapper();
  // Receipt files are stored first (new keys); if the rows then fail, they are removed again.
  const fileKeys = await storeReceiptFiles(deps, { userId, contents, newId });
  try {
    await deps.db.transaction(async (tx) => {
      await ensureEmpty(tx, userId);
      await tx.delete(accounts).where(eq(accounts.userId, userId));
      await applySettings(tx, userId, contents.manifest.user);
      for (const table of BACKUP_TABLES) {
        const rows = contents.tables[table].map((row) =>
          toInsertable(table, row, {
            userId,
            newId,
            fileKeys,
            displayCurrency: contents.manifest.user.defaultCurrency,
          }),
        );
        await insertInChunks(tx, table, rows);
      }
    });
  } catch (error) {
    await Promise.all([...fileKeys.values()].map((key) => deps.files.remove(key)));
    if (error instanceof AppError) throw error;
    // A row the database refuses (a broken link, a value out of range): the download was altered.
    throw new AppError('UNPROCESSABLE_CONTENT', BACKUP_MESSAGES.damaged);
  }
  forgetUserRow(deps.db, userId);
  const restored = contents.tables.transactions.filter((row) => row.deletedAt == null).length;
  return { message: BACKUP_MESSAGES.restored(restored) };
}

/** Old id → new id, the same new id each time an old one is met (the links between rows). */
function idMapper() {
  const ids = new Map<string, string>();
  return (old: unknown) => {
    if (old === null || old === undefined) return old;
    if (typeof old !== 'string') throw new AppError('UNPROCESSABLE_CONTENT', BACKUP_MESSAGES.damaged);
    const key = old;
    let mapped = ids.get(key);
    if (!mapped) {
      mapped = randomUUID();
      ids.set(key, mapped);
    }
    return mapped;
  };
}

async function storeReceiptFiles(
  deps: RestoreDeps,
  { userId, contents, newId }: { userId: string; contents: BackupContents; newId: (old: unknown) => unknown },
) {
  const keys = new Map<string, string>();
  try {
    for (const receipt of contents.tables.receipts) {
      const extension = RECEIPT_FILE_EXTENSIONS[String(receipt.contentType)];
      const bytes = extension ? contents.receiptFiles[`${String(receipt.id)}.${extension}`] : undefined;
      if (!extension || !bytes) throw new AppError('UNPROCESSABLE_CONTENT', BACKUP_MESSAGES.damaged);
      keys.set(String(newId(receipt.id)), await deps.files.put(userId, Buffer.from(bytes), extension));
    }
  } catch (error) {
    await Promise.all([...keys.values()].map((key) => deps.files.remove(key)));
    throw error;
  }
  return keys;
}

/** Refuses an account that holds anything but its first, empty money account (checked in the transaction). */
async function ensureEmpty(tx: DatabaseTransaction, userId: string) {
  // The user row locked: two restores at once into one account cannot both pass this check.
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
  for (const table of BACKUP_TABLES) {
    if (table === 'accounts') continue;
    if ((await rowsOf(tx, table, userId)).length > 0)
      throw new AppError('CONFLICT', BACKUP_MESSAGES.notEmpty);
  }
  const [withBalance] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        isNull(accounts.bankIdentifier),
        sql`${accounts.openingBalanceCents} <> 0`,
      ),
    );
  if (withBalance) throw new AppError('CONFLICT', BACKUP_MESSAGES.notEmpty);
}

async function applySettings(
  tx: DatabaseTransaction,
  userId: string,
  settings: { defaultCurrency: string; timeZone: string },
) {
  if (!isIsoCurrencyCode(settings.defaultCurrency) || !isTimeZone(settings.timeZone))
    throw new AppError('UNPROCESSABLE_CONTENT', BACKUP_MESSAGES.damaged);
  await tx
    .update(users)
    .set({ defaultCurrency: settings.defaultCurrency, timeZone: settings.timeZone, isSetupComplete: true })
    .where(eq(users.id, userId));
}

/**
 * A row of the download as the table takes it: only the table's columns, the user's own id, every id
 * renewed (uuid columns), times back to dates, and a receipt's file under its new key.
 */
function toInsertable(
  table: BackupTable,
  row: Record<string, unknown>,
  {
    userId,
    newId,
    fileKeys,
    displayCurrency,
  }: {
    userId: string;
    newId: (old: unknown) => unknown;
    fileKeys: Map<string, string>;
    displayCurrency: string;
  },
) {
  const out: Record<string, unknown> = {};
  for (const { name, kind } of columnsOf(table)) {
    if (name === 'userId') {
      out[name] = userId;
      continue;
    }
    if (!(name in row)) continue;
    const value = row[name];
    if (kind === 'PgUUID') out[name] = newId(value);
    else if (kind === 'PgTimestamp' && value !== null) {
      const date = new Date(typeof value === 'string' ? value : Number.NaN);
      if (Number.isNaN(date.getTime())) throw new AppError('UNPROCESSABLE_CONTENT', BACKUP_MESSAGES.damaged);
      out[name] = date;
    } else out[name] = value;
  }
  if (table === 'receipts') out.fileKey = fileKeys.get(String(out.id));
  // A download made before budgets kept their currency (migration 0042): each was in the display currency
  // the download names, as the migration filled in.
  if (table === 'budgets' && out.currency === undefined) out.currency = displayCurrency;
  // A user's rates are their own (typed, or from their file): a row claiming to be a shared reference rate
  // was not written by a download.
  if (table === 'exchangeRates' && out.source !== 'user' && out.source !== 'file')
    throw new AppError('UNPROCESSABLE_CONTENT', BACKUP_MESSAGES.damaged);
  return out;
}

async function insertInChunks(tx: DatabaseTransaction, table: BackupTable, rows: Record<string, unknown>[]) {
  const target = BACKUP_SOURCES[table] as typeof accounts;
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(target).values(rows.slice(start, start + 1000) as (typeof accounts.$inferInsert)[]);
  }
}
