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

export function transactionTable(items: Transaction[], currency: string): string {
  return table(
    [
      ['Date', 'Name', 'Category', 'Amount', 'Note'],
      ...items.map((t) => [
        t.date,
        t.name,
        t.category,
        signedAmount(t, currency),
        t.note.replace(/\s+/g, ' '),
      ]),
    ],
    [3],
  );
}
