import { TRANSACTION_NAME_MAX_LENGTH } from './transactions';

/** Payee rules without zod: the web form checks payees with these. */
export const PAYEE_NAME_MAX_LENGTH = TRANSACTION_NAME_MAX_LENGTH;
/** Payees one merge may fold into another: a screen's selection, not a script's whole list. */
export const PAYEE_MERGE_MAX = 100;

export const PAYEE_MESSAGES = {
  nameRequired: 'A payee needs a name.',
  nameTooLong: `A payee is at most ${PAYEE_NAME_MAX_LENGTH} characters.`,
  notFound: 'Payee not found.',
  someNotFound: 'Some of these payees were not found.',
  mergeIntoItself: 'A payee cannot be merged into itself: choose another payee to keep.',
  mergeNothing: 'Choose at least one payee to merge.',
  mergeTooMany: `Merge at most ${PAYEE_MERGE_MAX} payees at once.`,
} as const;
