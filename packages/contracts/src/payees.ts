import { z } from 'zod';

import { PAYEE_MERGE_MAX, PAYEE_MESSAGES, PAYEE_NAME_MAX_LENGTH } from './rules/payees';

export { PAYEE_MERGE_MAX, PAYEE_MESSAGES, PAYEE_NAME_MAX_LENGTH } from './rules/payees';

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
});
export type PayeesMerged = z.infer<typeof payeesMergedOutput>;
