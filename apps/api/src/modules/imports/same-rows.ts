/** What a file's row and a saved transaction are compared by (the CSV import's rule: `planImport`). */
export type SameRowKey = { date: string; amountCents: number; isIncome: boolean; name: string };

const keyOf = ({ date, amountCents, isIncome, name }: SameRowKey) =>
  JSON.stringify([date, amountCents, isIncome, name.trim()]);

/**
 * For each row, the index of the saved transaction it repeats, or -1. The same rule as the CSV
 * import's `planImport` (day + amount + type + name, counted per occurrence: the 2nd equal coffee of a
 * file is new while only one is saved), and it also says which saved row each duplicate is, so the
 * preview can show it beside the row. Equal saved rows are paired in the order given.
 */
export function matchSameRows(rows: readonly SameRowKey[], saved: readonly SameRowKey[]): number[] {
  const savedByKey = new Map<string, number[]>();
  saved.forEach((transaction, index) => {
    const key = keyOf(transaction);
    const list = savedByKey.get(key);
    if (list) list.push(index);
    else savedByKey.set(key, [index]);
  });
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const key = keyOf(row);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return savedByKey.get(key)?.[occurrence] ?? -1;
  });
}
