import { describe, expect, it } from 'vitest';

import { activeFilterCount, exportQuery, listInput, matchesView, nextSort, sortOf } from './filters';

describe('column sorts in the URL', () => {
  it.each([
    // A click on another column starts in that column's own direction.
    [{}, 'amount', { sort: 'amount', order: undefined }],
    [{}, 'name', { sort: 'name', order: undefined }],
    // The same column flips.
    [{ sort: 'amount' as const }, 'amount', { sort: 'amount', order: 'asc' }],
    [{ sort: 'amount' as const, order: 'asc' as const }, 'amount', { sort: 'amount', order: undefined }],
    [{ sort: 'name' as const }, 'name', { sort: 'name', order: 'desc' }],
    // Back to newest first leaves the URL clean.
    [{}, 'date', { sort: 'date', order: 'asc' }],
    [{ sort: 'date' as const, order: 'asc' as const }, 'date', { sort: undefined, order: undefined }],
  ] as const)('from %j a click on %s gives %j', (search, column, expected) => {
    expect(nextSort(search, column)).toEqual(expected);
  });

  it('asks the list for the sort with its defaults, and keeps the page and filters', () => {
    expect(sortOf({})).toEqual({ sort: 'date', order: 'desc' });
    expect(listInput({ page: 3, category: 'Food', sort: 'category', order: 'desc' })).toMatchObject({
      page: 3,
      category: 'Food',
      sort: 'category',
      order: 'desc',
    });
  });
});

describe('the payee filter', () => {
  it('asks the list and the export for the payee’s rows and counts as one active filter', () => {
    const search = { payee: 'Café Müller', type: 'expense' as const };
    expect(listInput(search)).toMatchObject({ payee: 'Café Müller', isIncome: false });
    expect(exportQuery(search)).toBe('?isIncome=false&payee=Caf%C3%A9+M%C3%BCller');
    expect(activeFilterCount(search)).toBe(2);
    expect(listInput({})).toMatchObject({ payee: undefined });
  });
});

describe('a row added offline in a filtered view', () => {
  const row = {
    name: 'Café Central',
    note: 'with Ana #trip',
    category: 'Food',
    isIncome: false,
    date: '2026-11-20',
    accountId: 'wallet',
    tags: ['Trip'],
  };

  it('shows when every filter keeps it, as the server would', () => {
    expect(matchesView(row, {})).toBe(true);
    expect(
      matchesView(row, {
        search: 'cafe',
        type: 'expense',
        category: 'Food',
        from: '2026-11-20',
        to: '2026-11-20',
        account: 'wallet',
        tags: 'trip',
      }),
    ).toBe(true);
    expect(matchesView(row, { search: 'ANA' })).toBe(true);
  });

  it('is left out by any filter that would leave it out', () => {
    expect(matchesView(row, { search: 'bakery' })).toBe(false);
    expect(matchesView(row, { type: 'income' })).toBe(false);
    expect(matchesView(row, { category: 'Travel' })).toBe(false);
    expect(matchesView(row, { from: '2026-11-21' })).toBe(false);
    expect(matchesView(row, { to: '2026-11-19' })).toBe(false);
    expect(matchesView(row, { account: 'bank' })).toBe(false);
    expect(matchesView(row, { tags: 'trip,work' })).toBe(false);
    expect(matchesView(row, { payee: 'Bakery' })).toBe(false);
    expect(matchesView({ ...row, payee: 'Café Central' }, { payee: 'cafe central' })).toBe(true);
    expect(matchesView({ ...row, payee: 'Kopi Tiam' }, { search: 'kopi' })).toBe(true);
    expect(
      matchesView({ ...row, category: 'Split', splits: [{ category: 'Travel' }] }, { category: 'Travel' }),
    ).toBe(true);
  });
});
