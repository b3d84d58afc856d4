import { cn } from '~/lib/cn';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
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
  /** The list can be sorted by this column: its header becomes a button naming this key. */
  sortKey?: string;
};

/** How the rows are sorted, and what a click on a sortable header asks for (the caller flips or switches). */
export type TableSort = { key: string; order: 'asc' | 'desc'; onSort: (key: string) => void };

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
  /** Sortable columns (those with a `sortKey`) get header buttons and `aria-sort`. */
  sort?: TableSort;
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
  sort,
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
                aria-sort={sortStateOf(column, sort)}
                className={cn(headerCell, column.align === 'right' && 'text-right', column.className)}
              >
                {sort && column.sortKey ? <SortButton column={column} sort={sort} /> : column.header}
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

function sortStateOf<Row>(column: Column<Row>, sort: TableSort | undefined) {
  if (!sort || !column.sortKey) return undefined;
  if (sort.key !== column.sortKey) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

/** A header that sorts by its column; the arrow shows the current direction, a faint double arrow the others. */
function SortButton<Row>({ column, sort }: { column: Column<Row>; sort: TableSort }) {
  const active = sort.key === column.sortKey;
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => sort.onSort(column.sortKey ?? '')}
      className={cn(
        'inline-flex items-center gap-1 uppercase hover:text-slate-900 dark:hover:text-slate-100',
        active && 'text-slate-900 dark:text-slate-100',
      )}
    >
      {column.header}
      <Icon size={14} aria-hidden className={cn(!active && 'opacity-40')} />
    </button>
  );
}
