import { cn } from '~/lib/cn';
import type { ReactNode } from 'react';

import { headerCell } from './table';

export type Column<Row> = {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Amounts and actions line up on the right. */
  align?: 'left' | 'right';
  /** Classes of the column's header and cells: `max-lg:hidden` lets it give way on a tablet. */
  className?: string;
  /** Classes of its cells only (weight, wrapping, colour). */
  cellClassName?: string;
};

type DataTableProps<Row> = {
  /** Names the table, and the list of cards on a phone, for screen readers. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  /**
   * One row as a card on a phone (below `md`), where a table would hide columns behind a sideways
   * scroll. Without it the table shows at every width.
   */
  card?: (row: Row) => ReactNode;
  /** The width below which the table scrolls sideways rather than squeezing its columns: `min-w-[48rem]`. */
  minWidth?: string;
  rowClassName?: (row: Row) => string | undefined;
  /** Rows the user picked (checkboxes): announced as selected. */
  isSelected?: (row: Row) => boolean;
  /**
   * Only one of the two layouts, when the page already knows the width (a long list whose rows hold
   * controls: rendering both would double every control). Without it CSS picks, before any script runs.
   */
  view?: 'table' | 'cards';
};

/**
 * A list of items as a table from tablet width up and as cards on a phone, from one description of its
 * columns. Both are rendered and CSS picks one, so the layout is right before any script measures.
 */
export function DataTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  card,
  minWidth,
  rowClassName,
  isSelected,
  view,
}: DataTableProps<Row>) {
  const table = (
    <div className="overflow-x-auto">
      <table aria-label={label} className={cn('w-full text-sm', minWidth)}>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(headerCell, column.align === 'right' && 'text-right', column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              aria-selected={isSelected?.(row)}
              className={cn('hover:bg-slate-50 dark:hover:bg-slate-800/50', rowClassName?.(row))}
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={cn(
                    'px-3 py-3',
                    column.align === 'right' && 'text-right',
                    column.className,
                    column.cellClassName,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!card || view === 'table') return table;
  const cards = (className?: string) => (
    <ul aria-label={label} className={cn('divide-y divide-slate-100 dark:divide-slate-800', className)}>
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          aria-selected={isSelected?.(row)}
          className={cn('px-4 py-4', rowClassName?.(row))}
        >
          {card(row)}
        </li>
      ))}
    </ul>
  );
  if (view === 'cards') return cards();
  return (
    <>
      <div className="hidden md:block">{table}</div>
      {cards('md:hidden')}
    </>
  );
}
