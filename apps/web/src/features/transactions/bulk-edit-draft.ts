import { appendedNote, mergedTagNames, tagKey, type NoteEditMode } from '@paisable/contracts/rules';

/** The bulk edit form: an empty field (or "keep") leaves that field of every row as it is. */
export type BulkEditDraft = {
  category: string;
  type: '' | 'income' | 'expense';
  accountId: string;
  date: string;
  noteMode: 'keep' | NoteEditMode;
  note: string;
  addTags: string[];
  removeTags: string[];
};

export const emptyBulkEditDraft: BulkEditDraft = {
  category: '',
  type: '',
  accountId: '',
  date: '',
  noteMode: 'keep',
  note: '',
  addTags: [],
  removeTags: [],
};

/** The `set` of the bulk edit call: only the fields the user chose. */
export function bulkSetOf(draft: BulkEditDraft) {
  return {
    ...(draft.category ? { category: draft.category } : {}),
    ...(draft.type ? { isIncome: draft.type === 'income' } : {}),
    ...(draft.accountId ? { accountId: draft.accountId } : {}),
    ...(draft.date ? { date: draft.date } : {}),
    ...(draft.noteMode === 'keep' ? {} : { note: { mode: draft.noteMode, text: draft.note } }),
    ...(draft.addTags.length > 0 ? { addTags: draft.addTags } : {}),
    ...(draft.removeTags.length > 0 ? { removeTags: draft.removeTags } : {}),
  };
}

type EditableRow = {
  category: string;
  isIncome: boolean;
  accountId: string;
  date: string;
  note: string;
  tags?: readonly string[];
};

/** The row's tags after the edit, as the server computes them (removing wins over adding). */
function tagsAfter(tags: readonly string[], draft: BulkEditDraft): string[] {
  const removed = new Set(draft.removeTags.map(tagKey));
  return mergedTagNames(tags, draft.addTags).filter((name) => !removed.has(tagKey(name)));
}

function tagSet(tags: readonly string[]): string {
  return tags.map(tagKey).sort().join(',');
}

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
      note !== row.note ||
      tagSet(tagsAfter(row.tags ?? [], draft)) !== tagSet(row.tags ?? [])
    );
  }).length;
}

/**
 * Why selected rows waiting on the device (changed offline, not yet sent) are left out of a bulk edit: the
 * server does not have them as shown yet, and an edit sent later would undo the bulk change.
 */
export function waitingNote(waiting: readonly { name: string }[]): string | null {
  const [first] = waiting;
  if (!first) return null;
  if (waiting.length === 1)
    return `“${first.name}” is waiting to be sent, so it is left out: edit it on its own.`;
  return `${waiting.length} of the selected transactions are waiting to be sent, so they are left out: edit each on its own.`;
}

/** A bulk edit is one request the server applies to all rows or none: it cannot wait on the device. */
export const BULK_EDIT_OFFLINE =
  'No network: editing several transactions at once needs the network. Edit them one at a time (each is sent when you are back online), or apply this when you are back online.';
