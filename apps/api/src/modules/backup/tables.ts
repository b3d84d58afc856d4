import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import type { Queryable } from '../../db/client';
import {
  accounts,
  budgets,
  categories,
  exchangeRates,
  importRules,
  payeeRules,
  payees,
  receipts,
  recurringOccurrences,
  recurringRules,
  tags,
  transactions,
  transactionSplits,
  transactionTags,
} from '../../db/schema';
import type { BackupTable } from './format';

/** The database table behind each file of the download. */
export const BACKUP_SOURCES: Record<BackupTable, PgTable> = {
  accounts,
  categories,
  payees,
  recurringRules,
  recurringOccurrences,
  transactions,
  tags,
  transactionTags,
  budgets,
  importRules,
  payeeRules,
  receipts,
  transactionSplits,
  exchangeRates,
};

/** Every row of the user in one table (deleted transactions too: the download is all of it). */
export async function rowsOf(db: Queryable, table: BackupTable, userId: string) {
  if (table === 'recurringOccurrences') {
    // The one table without a user column: its rows belong to the user's rules.
    const ruleIds = db
      .select({ id: recurringRules.id })
      .from(recurringRules)
      .where(eq(recurringRules.userId, userId));
    return db.select().from(recurringOccurrences).where(inArray(recurringOccurrences.ruleId, ruleIds));
  }
  const source = BACKUP_SOURCES[table] as typeof accounts;
  const rows = (await db.select().from(source).where(eq(source.userId, userId))) as Record<string, unknown>[];
  return rows.map(({ userId: _owner, ...row }) => row);
}

/** The columns of a table, by their JS name, with their kind (uuid, timestamp…) for a restore's mapping. */
export function columnsOf(table: BackupTable) {
  return Object.entries(getTableColumns(BACKUP_SOURCES[table])).map(([name, column]) => ({
    name,
    kind: column.columnType,
  }));
}
