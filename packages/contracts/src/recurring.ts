import { z } from 'zod';

import { storedDate } from './dates';
import { CATEGORY_MAX_LENGTH } from './limits';
import { MESSAGES } from './messages';
import { centsTotalOutput, decimalAmountInput } from './money';
import { DEFAULT_FREQUENCY, RECURRING_FREQUENCIES } from './rules/recurring';
import { TRANSACTION_NAME_MAX_LENGTH } from './rules/transactions';

export {
  DEFAULT_FREQUENCY,
  FREQUENCY_LABELS,
  RECURRING_CATCH_UP_MAX,
  RECURRING_FREQUENCIES,
  RECURRING_MESSAGES,
  type RecurringFrequency,
} from './rules/recurring';

export const recurringFrequency = z.enum(RECURRING_FREQUENCIES, { error: MESSAGES.frequencyInvalid });

const name = z
  .string({ error: MESSAGES.recurringNameRequired })
  .trim()
  .min(1, MESSAGES.recurringNameRequired)
  .max(TRANSACTION_NAME_MAX_LENGTH, MESSAGES.transactionNameTooLong);

const category = z
  .string({ error: MESSAGES.categoryRequired })
  .trim()
  .min(1, MESSAGES.categoryRequired)
  .max(CATEGORY_MAX_LENGTH, MESSAGES.categoryNameTooLong);

const isIncome = z.boolean({ error: MESSAGES.isIncomeInvalid });
const startDate = z
  .string({ error: MESSAGES.startDateRequired })
  .pipe(storedDate)
  .describe('The first occurrence, YYYY-MM-DD.');
/** Inclusive; null or absent means "no end". */
const endDate = storedDate
  .nullable()
  .describe('The last day an occurrence may fall on (inclusive), YYYY-MM-DD; null: no end.');
/**
 * Exact decimal text; the service reads it in the minor unit of the rule's account's currency (whole yen
 * for a yen account, 3 decimals for dinars), refusing decimals that currency lacks by name.
 */
const amount = decimalAmountInput.describe(
  'A positive decimal with at most the decimals of the account’s currency (number or numeric string).',
);

export const recurringId = z.string({ error: MESSAGES.recurringNotFound }).max(100);

/** An end date before the start would make a rule that never runs: refuse it instead. */
function endNotBeforeStart(value: { startDate?: string; endDate?: string | null }, ctx: z.RefinementCtx) {
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.endBeforeStart, path: ['endDate'] });
  }
}

const catchUp = z
  .boolean()
  .default(true)
  .describe('Record the occurrences between the start date and today (false: only from today on).');

const fields = {
  name,
  category,
  amount,
  isIncome: isIncome.default(false),
  frequency: recurringFrequency.default(DEFAULT_FREQUENCY),
  startDate,
  endDate: endDate.default(null),
  catchUp,
  /** Where occurrences are recorded; absent: the user's first open account when each falls due. */
  accountId: z.string().max(100).nullable().optional(),
};

export const createRecurringInput = z.object(fields).superRefine(endNotBeforeStart);
export type CreateRecurringInput = z.output<typeof createRecurringInput>;

/** A full replacement of the editable fields (the web form); a missing end date clears it. */
export const updateRecurringInput = z.object({ id: recurringId, ...fields }).superRefine(endNotBeforeStart);
export type UpdateRecurringInput = z.output<typeof updateRecurringInput>;

/** Only the fields that are present change (the legacy PUT). */
export const recurringChangesInput = z
  .object({
    name,
    category,
    amount,
    isIncome,
    frequency: recurringFrequency,
    startDate,
    endDate,
    accountId: z.string().max(100).nullable(),
  })
  .partial()
  .superRefine(endNotBeforeStart);
export type RecurringChanges = z.output<typeof recurringChangesInput>;

export const recurringIdInput = z.object({ id: recurringId });

/** Deleting a rule may take the transactions it recorded with it (soft-deleted: they can be restored). */
export const deleteRecurringInput = z.object({
  id: recurringId,
  deleteTransactions: z.boolean().default(false),
});
export type DeleteRecurringInput = z.output<typeof deleteRecurringInput>;

/** The schedule being saved (and the rule, when it is an edit): how many past occurrences a save records. */
export const catchUpPreviewInput = z
  .object({
    id: recurringId.optional(),
    frequency: recurringFrequency.default(DEFAULT_FREQUENCY),
    startDate,
    endDate: endDate.default(null),
  })
  .superRefine(endNotBeforeStart);
export type CatchUpPreviewInput = z.output<typeof catchUpPreviewInput>;

export type CatchUpPreview = {
  /** Occurrences from the first not yet recorded through today (at most RECURRING_CATCH_UP_MAX + 1). */
  count: number;
  /** The first and last of them; null when there are none. */
  first: string | null;
  last: string | null;
  /** More than RECURRING_CATCH_UP_MAX: saving with catch-up would be refused. */
  tooMany: boolean;
};

export const recurringOutput = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  /** In the account's currency, with its decimals (1500 for ¥1,500). */
  amount: z.number(),
  /** In the minor unit of `currency`. */
  amountCents: z.number().int(),
  /** Its account's currency (the first open account's for a rule that names none). */
  currency: z.string(),
  isIncome: z.boolean(),
  frequency: recurringFrequency,
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The next occurrence not yet recorded; null once the end date has passed. */
  nextDueDate: z.string().nullable(),
  /** Its account; null: the user's first open account. */
  accountId: z.string().nullable(),
  /** The date of the latest live transaction it recorded; null when none. */
  lastRecordedOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Recurring = z.infer<typeof recurringOutput>;

export const catchUpPreviewOutput = z.object({
  count: z.number().int(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  tooMany: z.boolean(),
}) satisfies z.ZodType<CatchUpPreview>;
export const recurringDeletedOutput = z.object({
  id: z.string(),
  deletedTransactionIds: z.array(z.string()),
});
export const recordedCountOutput = z.object({ count: z.number().int() });

/**
 * Acts on a rule's next occurrence: `date` is the occurrence the user saw, so a second click (or another
 * tab) that finds it already skipped or recorded is refused instead of acting on the one after.
 */
export const recurringOccurrenceInput = z.object({ id: recurringId, date: storedDate });
export type RecurringOccurrenceInput = z.infer<typeof recurringOccurrenceInput>;

/** How many days ahead "Upcoming" looks. */
export const UPCOMING_DAYS = 30;

/**
 * The next UPCOMING_DAYS days: the recurring occurrences not yet recorded and the rows dated after today,
 * soonest first, each with the on-budget balance once it is counted (today's balance plus what comes before).
 */
export const upcomingOutput = z.object({
  today: z.string(),
  through: z.string(),
  balanceCents: centsTotalOutput.describe("Today's balance of the on-budget accounts."),
  projectedBalanceCents: centsTotalOutput.describe('The balance once everything listed is counted.'),
  items: z.array(
    z.object({
      date: z.string(),
      name: z.string(),
      category: z.string(),
      /** In the minor unit of `currency`. */
      amountCents: z.number().int(),
      /** The currency of the account it goes into (¥1,500 is 1500 of JPY). */
      currency: z.string(),
      isIncome: z.boolean(),
      /** A recurring rule's occurrence (not recorded yet), or a saved row dated after today. */
      source: z.enum(['recurring', 'scheduled']),
      ruleId: z.string().nullable(),
      transactionId: z.string().nullable(),
      /**
       * Whether it moves the on-budget balance (an off-budget account's or a transfer's leg does not, nor
       * one in another currency than the display currency without a rate to convert it).
       */
      counted: z.boolean(),
      balanceAfterCents: centsTotalOutput,
    }),
  ),
});
export type Upcoming = z.infer<typeof upcomingOutput>;
