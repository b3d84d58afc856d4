import { appendedNote, type NoteEditMode } from '@paisable/contracts/rules';

/** The bulk edit form: an empty field (or "keep") leaves that field of every row as it is. */
export type BulkEditDraft = {
  category: string;
  type: '' | 'income' | 'expense';
  accountId: string;
  date: string;
  noteMode: 'keep' | NoteEditMode;
  note: string;
};

export const emptyBulkEditDraft: BulkEditDraft = {
  category: '',
  type: '',
  accountId: '',
  date: '',
  noteMode: 'keep',
  note: '',
};

/** The `set` of the bulk edit call: only the fields the user chose. */
export function bulkSetOf(draft: BulkEditDraft) {
  return {
    ...(draft.category ? { category: draft.category } : {}),
    ...(draft.type ? { isIncome: draft.type === 'income' } : {}),
    ...(draft.accountId ? { accountId: draft.accountId } : {}),
    ...(draft.date ? { date: draft.date } : {}),
    ...(draft.noteMode === 'keep' ? {} : { note: { mode: draft.noteMode, text: draft.note } }),
  };
}

type EditableRow = { category: string; isIncome: boolean; accountId: string; date: string; note: string };

/**
 * How many of the selected rows the edit would change, as the server counts them (a category differing
 * only in letter case is the same): the preview line of the form, from the rows the page already holds.
 */
export function changedCount(rows: readonly EditableRow[], draft: BulkEditDraft): number {
  const set = bulkSetOf(draft);
  return rows.filter((row) => {
    const note = !set.note
      ? row.note
      : set.note.mode === 'replace'
        ? set.note.text
        : appendedNote(row.note, set.note.text);
    return (
      (set.category !== undefined && set.category.toLowerCase() !== row.category.toLowerCase()) ||
      (set.isIncome !== undefined && set.isIncome !== row.isIncome) ||
      (set.accountId !== undefined && set.accountId !== row.accountId) ||
      (set.date !== undefined && set.date !== row.date) ||
      note !== row.note
    );
  }).length;
}
