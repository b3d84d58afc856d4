import { describe, expect, it } from 'vitest';

import { bulkSetOf, changedCount, emptyBulkEditDraft, waitingNote } from './bulk-edit-draft';

const rows = [
  { category: 'Food', isIncome: false, accountId: 'a', date: '2026-01-01', note: '' },
  { category: 'Bills', isIncome: false, accountId: 'a', date: '2026-01-02', note: 'paid' },
  { category: 'food', isIncome: false, accountId: 'b', date: '2026-01-02', note: '' },
];

describe('bulk edit form', () => {
  it('sends only the fields the user chose', () => {
    expect(bulkSetOf(emptyBulkEditDraft)).toEqual({});
    expect(
      bulkSetOf({ ...emptyBulkEditDraft, category: 'Food', type: 'income', noteMode: 'append', note: 'x' }),
    ).toEqual({
      category: 'Food',
      isIncome: true,
      note: { mode: 'append', text: 'x' },
    });
  });

  it('previews how many rows change, as the server counts them', () => {
    expect(changedCount(rows, emptyBulkEditDraft)).toBe(0);
    expect(changedCount(rows, { ...emptyBulkEditDraft, category: 'FOOD' })).toBe(1);
    expect(changedCount(rows, { ...emptyBulkEditDraft, date: '2026-01-02' })).toBe(1);
    expect(changedCount(rows, { ...emptyBulkEditDraft, accountId: 'b' })).toBe(2);
    expect(changedCount(rows, { ...emptyBulkEditDraft, noteMode: 'replace', note: 'paid' })).toBe(2);
    expect(changedCount(rows, { ...emptyBulkEditDraft, noteMode: 'append', note: '' })).toBe(0);
    expect(changedCount(rows, { ...emptyBulkEditDraft, type: 'expense' })).toBe(0);
  });

  it('counts the rows a tag added or removed changes, in any letter case', () => {
    const tagged = rows.map((row, index) => ({ ...row, tags: index === 0 ? ['Trip'] : [] }));
    const adding = { ...emptyBulkEditDraft, addTags: ['trip'] };
    expect(bulkSetOf(adding)).toEqual({ addTags: ['trip'] });
    expect(changedCount(tagged, adding)).toBe(2);
    expect(changedCount(tagged, { ...emptyBulkEditDraft, removeTags: ['TRIP'] })).toBe(1);
    expect(changedCount(tagged, { ...emptyBulkEditDraft, removeTags: ['other'] })).toBe(0);
  });

  it('says which selected rows wait on the device and are left out', () => {
    expect(waitingNote([])).toBeNull();
    expect(waitingNote([{ name: 'Old lamp' }])).toBe(
      '“Old lamp” is waiting to be sent, so it is left out: edit it on its own.',
    );
    expect(waitingNote([{ name: 'A' }, { name: 'B' }])).toBe(
      '2 of the selected transactions are waiting to be sent, so they are left out: edit each on its own.',
    );
  });
});
