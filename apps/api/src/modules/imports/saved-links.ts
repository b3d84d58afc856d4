import { sql } from 'drizzle-orm';

import { IMPORT_MESSAGES, type ImportRowNotSaved } from '@paisable/contracts';

import type { Queryable } from '../../db/client';
import { transactions } from '../../db/schema';
import type { MarkedTransfer } from './manual-transfers';
import type { ChangedRow } from './row-changes';

/**
 * The saved id of each row handed to the insert, in the same order (undefined: skipped because its bank id
 * was saved meanwhile). The insert returns the ids in the rows' order with skipped rows left out, and only
 * a row with a bank id can be skipped, so the written rows' bank ids tell which ones are missing.
 */
export async function idsOfRows(
  db: Queryable,
  { rows, ids }: { rows: readonly { bankId?: string | undefined }[]; ids: readonly string[] },
): Promise<(string | undefined)[]> {
  if (ids.length === rows.length) return [...ids];
  const written = await db.execute<{ id: string; bank_id: string | null }>(sql`
    select t.id, t.bank_id
    from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as w(id, position)
    join ${transactions} t on t.id = w.id::uuid
    order by w.position`);
  let next = 0;
  return rows.map((row) => {
    const candidate = written[next];
    if (!candidate || (candidate.bank_id ?? undefined) !== row.bankId) return undefined;
    next++;
    return candidate.id;
  });
}

/**
 * What the saved rows make transfers: the pairs with the saved rows the plan matched (`transferOf`), the
 * rows the user marked by hand, and the marked rows that were not saved (their bank id was already in the
 * account), each with the reason the user is told.
 */
export function transferLinks(
  rows: readonly ChangedRow[],
  { fresh, ids }: { fresh: readonly ChangedRow[]; ids: readonly (string | undefined)[] },
): { pairs: { outId: string; intoId: string }[]; marked: MarkedTransfer[]; notSaved: ImportRowNotSaved[] } {
  const pairs: { outId: string; intoId: string }[] = [];
  const marked: MarkedTransfer[] = [];
  const savedRows = new Set<ChangedRow>();
  fresh.forEach((row, index) => {
    const id = ids[index];
    if (!id) return;
    savedRows.add(row);
    if (row.transferAccount) marked.push({ row, id, otherAccountId: row.transferAccount });
    else if (row.transferOf) {
      pairs.push(
        row.isIncome ? { outId: row.transferOf.id, intoId: id } : { outId: id, intoId: row.transferOf.id },
      );
    }
  });
  const notSaved = rows.flatMap((row) =>
    row.transferAccount && !savedRows.has(row)
      ? [
          {
            row: row.previewRow,
            date: row.date,
            name: row.name,
            message: IMPORT_MESSAGES.markedTransferSavedMeanwhile,
          },
        ]
      : [],
  );
  return { pairs, marked, notSaved };
}
