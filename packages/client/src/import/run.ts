import { formatCents, PAGE_SIZE_MAX, todayInTimeZone } from '@paisable/contracts';
import {
  dateSpan,
  planImport,
  readImportFile,
  type Comparable,
  type ImportRow,
  type ReadOptions,
  type RowProblem,
} from '@paisable/contracts/csv-import';

import { errorMessage, type PaisableClient } from '../client';

export type ImportPreview = ReturnType<typeof readImportFile> & {
  toCreate: ImportRow[];
  duplicates: ImportRow[];
};

export type ImportSummary = {
  imported: ImportRow[];
  skipped: RowProblem[];
  rejected: RowProblem[];
};

/** The user's transactions in the days the rows cover, page by page. */
async function existingTransactions(
  client: PaisableClient,
  rows: readonly ImportRow[],
): Promise<Comparable[]> {
  const span = dateSpan(rows);
  if (!span) return [];
  const found: Comparable[] = [];
  for (let page = 1; ; page += 1) {
    const result = await client.transactions.list.query({ ...span, page, limit: PAGE_SIZE_MAX });
    found.push(...result.items);
    if (page >= result.totalPages) return found;
  }
}

/** Reads the file and compares it with what is saved, changing nothing: what an import would do. */
export async function previewImport(
  client: PaisableClient,
  text: string,
  options: ReadOptions = {},
): Promise<ImportPreview> {
  // The machine's own day bounds the dates, as the server would (it refuses the same rows on save).
  const today = todayInTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
  const read = readImportFile(text, { today, ...options });
  const plan = planImport(read.rows, await existingTransactions(client, read.rows));
  return { ...read, ...plan };
}

export function describeRow(row: ImportRow): string {
  return `${row.date} ${row.name} ${row.isIncome ? '+' : '-'}${formatCents(row.amountCents)}`;
}

/**
 * Creates the new rows of a preview, a few per request, reporting progress after each group. A row the
 * server refuses is reported with its message; the others are still saved. Running the same import again
 * skips what was saved, so an interrupted import can simply be repeated.
 */
export async function saveImport(
  client: PaisableClient,
  preview: ImportPreview,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportSummary> {
  const imported: ImportRow[] = [];
  const rejected: RowProblem[] = [...preview.rejected];
  const total = preview.toCreate.length;
  const GROUP = 20;
  onProgress(0, total);
  for (let start = 0; start < total; start += GROUP) {
    const group = preview.toCreate.slice(start, start + GROUP);
    const results = await Promise.allSettled(
      group.map(({ name, category, isIncome, amountCents, date, note }) =>
        client.transactions.create.mutate({
          name,
          category,
          isIncome,
          amount: amountCents / 100,
          date,
          note,
        }),
      ),
    );
    results.forEach((result, index) => {
      const row = group[index];
      if (!row) return;
      if (result.status === 'fulfilled') imported.push(row);
      else
        rejected.push({
          line: row.line,
          reason: errorMessage(result.reason, 'The server could not save it.'),
        });
    });
    onProgress(Math.min(start + GROUP, total), total);
  }
  const skipped = preview.duplicates.map((row) => ({
    line: row.line,
    reason: `Already present: ${describeRow(row)}`,
  }));
  rejected.sort((a, b) => a.line - b.line);
  return { imported, skipped, rejected };
}
