import { foldText } from './fold-text';
import { TRANSACTION_NAME_MAX_LENGTH } from './transactions';

/** Payee rules without zod: the web form checks payees with these. */
export const PAYEE_NAME_MAX_LENGTH = TRANSACTION_NAME_MAX_LENGTH;
/** Payees one merge may fold into another: a screen's selection, not a script's whole list. */
export const PAYEE_MERGE_MAX = 100;
/**
 * The shortest bank text a payee rule looks for: one letter would file nearly every imported row under
 * one payee. A merge makes no rule from a payee whose words are shorter.
 */
export const PAYEE_RULE_PATTERN_MIN_LENGTH = 2;
/** How long after a merge its Undo still works (the toast offers it for a few seconds). */
export const PAYEE_MERGE_UNDO_MINUTES = 10;

export const PAYEE_MESSAGES = {
  nameRequired: 'A payee needs a name.',
  nameTooLong: `A payee is at most ${PAYEE_NAME_MAX_LENGTH} characters.`,
  notFound: 'Payee not found.',
  someNotFound: 'Some of these payees were not found.',
  mergeIntoItself: 'A payee cannot be merged into itself: choose another payee to keep.',
  mergeNothing: 'Choose at least one payee to merge.',
  mergeTooMany: `Merge at most ${PAYEE_MERGE_MAX} payees at once.`,
  mergeUndoGone:
    'This merge can no longer be undone: it is more than ' +
    `${PAYEE_MERGE_UNDO_MINUTES} minutes old, already undone, or another merge came after it.`,
  mergeUndoNameTaken: (name: string) =>
    `Cannot undo the merge: you have a payee named “${name}” again. Rename or merge it first.`,
  rulePatternRequired: 'Type the bank text the rule looks for.',
  rulePatternTooShort: `A rule looks for at least ${PAYEE_RULE_PATTERN_MIN_LENGTH} characters of bank text.`,
  rulePatternTooLong: `A rule looks for at most ${PAYEE_NAME_MAX_LENGTH} characters of bank text.`,
  ruleNotFound: 'Payee rule not found.',
  ruleExists: 'You have a rule for this bank text already: edit that one.',
} as const;

/**
 * What is wrong with the bank text of a payee rule (typed, or made by a merge), or null. A rule keeps its
 * text folded (`foldText`), as imported bank text is folded before it is searched.
 */
export function payeeRulePatternProblem(text: string): string | null {
  const folded = foldText(text);
  if (folded === '') return PAYEE_MESSAGES.rulePatternRequired;
  if (folded.length < PAYEE_RULE_PATTERN_MIN_LENGTH) return PAYEE_MESSAGES.rulePatternTooShort;
  if (folded.length > PAYEE_NAME_MAX_LENGTH) return PAYEE_MESSAGES.rulePatternTooLong;
  return null;
}
