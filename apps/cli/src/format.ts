import { formatCents, type Transaction } from '@paisable/contracts';

/** Columns padded to their widest cell; the last column is not padded. */
export function table(rows: string[][], rightAligned: readonly number[] = []): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => {
          const width = widths[column] ?? 0;
          if (rightAligned.includes(column)) return cell.padStart(width);
          return column === row.length - 1 ? cell : cell.padEnd(width);
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `-3.50 USD` / `+2000.00 USD`: exact to the cent, signed by the type. */
export function signedAmount(transaction: Pick<Transaction, 'amountCents' | 'isIncome'>, currency: string) {
  return `${transaction.isIncome ? '+' : '-'}${formatCents(transaction.amountCents)} ${currency}`;
}

/** The list's rows; a Tags column (`#holiday #work`) only when a row on the page has tags. */
export function transactionTable(items: (Transaction & { tags?: string[] })[], currency: string): string {
  const tagged = items.some((t) => (t.tags ?? []).length > 0);
  const tagsOf = (t: { tags?: string[] }) => (t.tags ?? []).map((tag) => `#${tag}`).join(' ');
  return table(
    [
      ['Date', 'Name', 'Category', 'Amount', ...(tagged ? ['Tags'] : []), 'Note'],
      ...items.map((t) => [
        t.date,
        t.name,
        t.category,
        signedAmount(t, currency),
        ...(tagged ? [tagsOf(t)] : []),
        t.note.replace(/\s+/g, ' '),
      ]),
    ],
    [3],
  );
}
