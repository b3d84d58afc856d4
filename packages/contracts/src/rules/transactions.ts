export const TRANSACTION_NAME_MAX_LENGTH = 200;
export const NOTE_MAX_LENGTH = 2000;
export const PAGE_SIZE_DEFAULT = 10;
/** Larger pages are cut to this size rather than refused, so a client asking for "everything" still works. */
export const PAGE_SIZE_MAX = 100;
export const PAGE_MAX = 1_000_000;
export const BULK_IDS_MAX = 1000;

/** The columns the list can be sorted by; ties keep the list's own order (day, entry, id) in the same direction. */
export const TRANSACTION_SORTS = ['date', 'amount', 'name', 'category'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Newest and largest first; names and categories A to Z: what a click on a column header shows first. */
export function defaultSortOrder(sort: TransactionSort): SortOrder {
  return sort === 'date' || sort === 'amount' ? 'desc' : 'asc';
}

/** How a bulk edit changes the notes: adds the text after each note, or writes it instead. */
export const NOTE_EDIT_MODES = ['append', 'replace'] as const;
export type NoteEditMode = (typeof NOTE_EDIT_MODES)[number];

/** A note with `text` appended: on a new line after an existing note, as it is on an empty one. */
export function appendedNote(note: string, text: string): string {
  if (!text) return note;
  return note ? `${note}\n${text}` : text;
}

export const TRANSACTION_LIST_MESSAGES = {
  sortInvalid: `sort must be one of ${TRANSACTION_SORTS.join(', ')}.`,
  orderInvalid: "order must be 'asc' or 'desc'.",
  bulkEditEmpty: 'Choose at least one field to change.',
  bulkEditTransfers: 'Transfers cannot be edited in bulk: change them one at a time.',
  bulkEditNoteTooLong: 'The note would be longer than 2000 characters on some of the transactions.',
  noteModeInvalid: "note.mode must be 'append' or 'replace'.",
} as const;
