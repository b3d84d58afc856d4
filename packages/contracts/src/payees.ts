import { z } from 'zod';

import { foldText } from './rules/fold-text';
import {
  PAYEE_MERGE_MAX,
  PAYEE_MESSAGES,
  PAYEE_NAME_MAX_LENGTH,
  payeeRulePatternProblem,
} from './rules/payees';

export { foldText } from './rules/fold-text';
export {
  PAYEE_MERGE_MAX,
  PAYEE_MERGE_UNDO_MINUTES,
  PAYEE_MESSAGES,
  PAYEE_NAME_MAX_LENGTH,
  PAYEE_RULE_PATTERN_MIN_LENGTH,
  payeeRulePatternProblem,
} from './rules/payees';

/** A payee's name as typed, surrounding spaces removed; its spelling is kept. */
export const payeeName = z
  .string({ error: PAYEE_MESSAGES.nameRequired })
  .trim()
  .min(1, PAYEE_MESSAGES.nameRequired)
  .max(PAYEE_NAME_MAX_LENGTH, PAYEE_MESSAGES.nameTooLong);

/** A transaction's payee in a form: a name (found or made), or null/empty for none. */
export const transactionPayee = z
  .string({ error: PAYEE_MESSAGES.nameRequired })
  .trim()
  .max(PAYEE_NAME_MAX_LENGTH, PAYEE_MESSAGES.nameTooLong)
  .nullable()
  .transform((name) => (name ? name : null));

/** Ids are checked by the server (unknown or another user's is "not found"), so any short string passes. */
export const payeeId = z.string({ error: PAYEE_MESSAGES.notFound }).max(100);
export const renamePayeeInput = z.object({ id: payeeId, name: payeeName });
export type RenamePayeeInput = z.output<typeof renamePayeeInput>;

export const mergePayeesInput = z.object({
  /** The payees that go away: their rows move to `into`. */
  from: z
    .array(payeeId, { error: PAYEE_MESSAGES.mergeNothing })
    .min(1, PAYEE_MESSAGES.mergeNothing)
    .max(PAYEE_MERGE_MAX, PAYEE_MESSAGES.mergeTooMany),
  into: payeeId,
  /** Also remember "bank text like a merged payee → `into`" for the next imports. */
  makeRule: z.boolean({ error: 'makeRule must be true or false.' }).default(false),
});
export type MergePayeesInput = z.output<typeof mergePayeesInput>;

export const payeeOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** Live transactions with this payee. */
  count: z.number().int(),
});
export type Payee = z.infer<typeof payeeOutput>;
export const payeeListOutput = z.array(payeeOutput);

export const payeesMergedOutput = z.object({
  payee: payeeOutput,
  /** Rows that now name `payee` instead of a merged one. */
  movedCount: z.number().int(),
  /** The pattern of each rule made (none unless asked). */
  rules: z.array(z.string()),
  /** Hand it to `undoMerge` (within PAYEE_MERGE_UNDO_MINUTES, before the next merge) to take the merge back. */
  undoId: z.string(),
});
export type PayeesMerged = z.infer<typeof payeesMergedOutput>;

export const undoPayeeMergeInput = z.object({
  undoId: z.string({ error: PAYEE_MESSAGES.mergeUndoGone }).max(100, PAYEE_MESSAGES.mergeUndoGone),
});
export type UndoPayeeMergeInput = z.output<typeof undoPayeeMergeInput>;
export const payeeMergeUndoneOutput = z.object({
  /** The merged payees, back with their names. */
  payees: payeeListOutput,
  /** Rows that name their own payee again. */
  movedCount: z.number().int(),
});
export type PayeeMergeUndone = z.infer<typeof payeeMergeUndoneOutput>;

/**
 * The bank text a payee rule looks for, kept folded (lower case, no accents, spaces collapsed): the same
 * check and spelling as the rules a merge makes.
 */
export const payeeRulePattern = z
  .string({ error: PAYEE_MESSAGES.rulePatternRequired })
  .superRefine((text, context) => {
    const problem = payeeRulePatternProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform(foldText);

/** "Bank text contains `pattern` → `payee`": the payee by name, found in any case or made when new. */
export const createPayeeRuleInput = z.object({ pattern: payeeRulePattern, payee: payeeName });
export type CreatePayeeRuleInput = z.output<typeof createPayeeRuleInput>;
export const payeeRuleId = z.string({ error: PAYEE_MESSAGES.ruleNotFound }).max(100);
export const updatePayeeRuleInput = createPayeeRuleInput.extend({ id: payeeRuleId });
export type UpdatePayeeRuleInput = z.output<typeof updatePayeeRuleInput>;
export const payeeRuleIdInput = z.object({ id: payeeRuleId });

export const payeeRuleOutput = z.object({
  id: z.string(),
  /** Folded bank text: an imported row whose folded bank text contains it gets `payee`. */
  pattern: z.string(),
  payeeId: z.string(),
  payee: z.string(),
});
export type PayeeRule = z.infer<typeof payeeRuleOutput>;
export const payeeRuleListOutput = z.array(payeeRuleOutput);
