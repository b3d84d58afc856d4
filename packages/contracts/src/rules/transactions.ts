export const TRANSACTION_NAME_MAX_LENGTH = 200;
export const NOTE_MAX_LENGTH = 2000;
export const PAGE_SIZE_DEFAULT = 10;
/** Larger pages are cut to this size rather than refused, so a client asking for "everything" still works. */
export const PAGE_SIZE_MAX = 100;
export const PAGE_MAX = 1_000_000;
export const BULK_IDS_MAX = 1000;
