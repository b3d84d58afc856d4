import type { ImportRow } from './read';

/** What an existing transaction and an imported row are compared by. */
export type Comparable = Pick<ImportRow, 'date' | 'amountCents' | 'isIncome' | 'name'>;

function keyOf({ date, amountCents, isIncome, name }: Comparable): string {
  return JSON.stringify([date, amountCents, isIncome, name.trim()]);
}

/**
 * Splits rows into new ones and ones already present. A row is identified by date + amount + type + name
 * + its occurrence among equal rows of the file: two identical coffees on one day are the 1st and 2nd
 * coffee, so both are imported once, and a second import of the same file skips both. With one such
 * coffee already saved, only the 2nd is new.
 */
export function planImport(rows: readonly ImportRow[], existing: readonly Comparable[]) {
  const saved = new Map<string, number>();
  for (const transaction of existing) saved.set(keyOf(transaction), (saved.get(keyOf(transaction)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const toCreate: ImportRow[] = [];
  const duplicates: ImportRow[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    (occurrence <= (saved.get(key) ?? 0) ? duplicates : toCreate).push(row);
  }
  return { toCreate, duplicates };
}

/** The span of days the rows cover, to fetch only the transactions they could duplicate. */
export function dateSpan(
  rows: readonly Pick<ImportRow, 'date'>[],
): { startDate: string; endDate: string } | null {
  if (rows.length === 0) return null;
  const dates = rows.map((row) => row.date).sort();
  return { startDate: dates[0] ?? '', endDate: dates[dates.length - 1] ?? '' };
}
