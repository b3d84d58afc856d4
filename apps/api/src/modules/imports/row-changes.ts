import { IMPORT_MESSAGES, type ImportRowChange } from '@paisable/contracts';

import { AppError } from '../../lib/errors';
import type { PlannedRow } from './statement-plan';

/**
 * A preview row as the user left it; `previewRow`: its index in the preview; `transferAccount`: marked as
 * a transfer with that account.
 */
export type ChangedRow = PlannedRow & { previewRow: number; transferAccount?: string };

/**
 * The preview's rows as the user left them: a category picked by hand, a matched transfer declined or one
 * marked by hand, and the rows they chose not to import taken out. Indexes are the preview's, which the same file and options
 * always list in the same order; an index past the end means the preview changed, and is refused.
 */
export function applyRowChanges(
  rows: readonly PlannedRow[],
  changes: readonly ImportRowChange[] = [],
): { rows: ChangedRow[]; skippedCount: number } {
  const byRow = new Map<number, ImportRowChange>();
  for (const change of changes) {
    if (change.row >= rows.length) throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.rowChangeOutside);
    byRow.set(change.row, { ...byRow.get(change.row), ...change });
  }
  const kept: ChangedRow[] = [];
  let skippedCount = 0;
  rows.forEach((row, index) => {
    const change = byRow.get(index);
    if (change?.skip) {
      // A duplicate is not imported anyway: leaving it out skips nothing more.
      if (!row.duplicate) skippedCount++;
      return;
    }
    const next: ChangedRow = {
      ...row,
      previewRow: index,
      ...(change?.category ? { category: change.category } : {}),
    };
    // A category picked for the whole row replaces the file's split lines.
    if (change?.category) delete next.splits;
    // Declined: the row imports as the plain income or expense the file says it is.
    if (change?.transfer === false) delete next.transferOf;
    // Marked by hand: a transfer with the account the user picked, instead of any matched one.
    if (change?.transferAccount) {
      delete next.transferOf;
      next.transferAccount = change.transferAccount;
    }
    kept.push(next);
  });
  return { rows: kept, skippedCount };
}
