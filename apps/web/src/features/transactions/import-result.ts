import type { ImportResult } from '@paisable/contracts';

/** The toast after an import: what was saved, skipped, left out and rejected. */
export function importSummary(result: ImportResult): string {
  return (
    `Imported ${result.importedCount}` +
    (result.transferCount > 0 ? ` (${result.transferCount} as transfers)` : '') +
    `, skipped ${result.duplicateCount} already present` +
    (result.skippedCount > 0 ? `, left out ${result.skippedCount}` : '') +
    (result.problemCount > 0 ? `, rejected ${result.problemCount}` : '')
  );
}

/**
 * Rows the user marked in the preview that could not be saved as marked (another import saved them
 * meanwhile): named one by one, so the user can finish by hand what the import could not. Null when none.
 */
export function notSavedWarning(result: ImportResult): { title: string; description: string } | null {
  const rows = result.notSaved ?? [];
  if (rows.length === 0) return null;
  return {
    title:
      rows.length === 1
        ? 'A row you marked was not saved as you asked'
        : `${rows.length} rows you marked were not saved as you asked`,
    description: rows.map((row) => `${row.date} ${row.name}: ${row.message}`).join('\n'),
  };
}
