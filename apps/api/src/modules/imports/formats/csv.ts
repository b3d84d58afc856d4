import { ImportFileError, readImportFile, type ReadOptions } from '@paisable/contracts/csv-import';

import { ImportError } from '../errors';
import type { FormatResult, StatementRow } from '../model';

export type CsvOptions = Pick<ReadOptions, 'mapping' | 'dateFormat' | 'decimalComma'>;

/**
 * A CSV file through the same reader the client and CLI use (@paisable/contracts/csv-import), so the
 * options (`mapping`, `dateFormat`, `decimalComma`) and the results are the same everywhere. A CSV is
 * one account. Its category column, when it has one, is kept as the row's own category.
 */
export function parseCsvStatement(text: string, options: CsvOptions = {}): FormatResult {
  let read: ReturnType<typeof readImportFile>;
  try {
    read = readImportFile(text, options);
  } catch (error) {
    if (error instanceof ImportFileError) throw new ImportError('malformed', error.message);
    throw error;
  }
  const hasCategory = read.mapping.category !== undefined;
  const rows = read.rows.map(({ line, date, amountCents, isIncome, name, note, category }): StatementRow => ({
    date,
    amountCents,
    isIncome,
    name,
    note,
    ...(hasCategory ? { category } : {}),
    source: { line },
  }));
  return {
    accounts: [{ key: 'account-1', label: 'CSV file', rows }],
    problems: read.rejected.map(({ line, reason }) => ({ line, message: reason })),
  };
}
