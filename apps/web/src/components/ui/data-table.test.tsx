import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { DataTable, type Column } from './data-table';

afterEach(cleanup);

type Row = { id: string; name: string; amount: string };

const rows: Row[] = [
  { id: 'a', name: 'Rent', amount: '$900.00' },
  { id: 'b', name: 'Coffee', amount: '$3.50' },
];
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name },
  { key: 'amount', header: 'Amount', align: 'right', cell: (row) => row.amount, className: 'max-lg:hidden' },
];

describe('DataTable', () => {
  it('renders one row per item and one cell per column, with the column classes', () => {
    render(<DataTable label="Things" rows={rows} rowKey={(row) => row.id} columns={columns} />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Amount']);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Rent', '$900.00', 'Coffee', '$3.50']);
    expect(cells[1]?.className).toContain('text-right');
    expect(cells[1]?.className).toContain('max-lg:hidden');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('adds a list of cards for phones when given a card', () => {
    render(
      <DataTable
        label="Things"
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        card={(row) => <span>{`${row.name} card`}</span>}
      />,
    );
    const list = screen.getByRole('list', { name: 'Things' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rent card', 'Coffee card']);
  });

  it('renders only the layout asked for, and marks the selected rows in it', () => {
    const card = (row: Row) => <span>{`${row.name} card`}</span>;
    const isSelected = (row: Row) => row.id === 'b';
    const { rerender } = render(
      <DataTable
        label="Things"
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        card={card}
        view="cards"
        isSelected={isSelected}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-selected'))).toEqual(['false', 'true']);

    rerender(
      <DataTable
        label="Things"
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        card={card}
        view="table"
        isSelected={isSelected}
      />,
    );
    expect(screen.queryByRole('list')).toBeNull();
    const tableRows = within(screen.getByRole('table', { name: 'Things' }))
      .getAllByRole('row')
      .slice(1);
    expect(tableRows.map((row) => row.getAttribute('aria-selected'))).toEqual(['false', 'true']);
  });

  it('turns sortable headers into buttons that report their key, and marks the sorted column', () => {
    const asked: string[] = [];
    const sortable: Column<Row>[] = [
      { key: 'name', header: 'Name', cell: (row) => row.name, sortKey: 'name' },
      { key: 'amount', header: 'Amount', cell: (row) => row.amount, sortKey: 'amount' },
      { key: 'note', header: 'Note', cell: () => '' },
    ];
    render(
      <DataTable
        label="Things"
        rows={rows}
        rowKey={(row) => row.id}
        columns={sortable}
        sort={{ key: 'amount', order: 'desc', onSort: (key) => asked.push(key) }}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual(['none', 'descending', null]);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(asked).toEqual(['name', 'amount']);
    expect(screen.queryByRole('button', { name: 'Note' })).toBeNull();
  });
});
