export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly', 'annually'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const DEFAULT_FREQUENCY: RecurringFrequency = 'monthly';

export const FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  annually: 'Annually',
};

/**
 * The most past occurrences one save may record. A daily rule started decades ago would otherwise add
 * thousands of transactions at once; past this the user picks a later start, or starts from today.
 */
export const RECURRING_CATCH_UP_MAX = 1000;

export const RECURRING_MESSAGES = {
  occurrenceGone: 'This occurrence was already skipped or recorded. Reload to see the next one.',
  tooManyPast: `This rule would add more than ${RECURRING_CATCH_UP_MAX.toLocaleString('en-US')} past transactions at once. Choose a later start date, or start from today.`,
} as const;
