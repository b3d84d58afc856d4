import { z } from 'zod';

import { recurringOutput, type Recurring } from '@paisable/contracts';

const legacyDay = z.string().describe('The calendar day as UTC midnight: YYYY-MM-DDT00:00:00.000Z.');

/** A rule as the original server sent it: `_id`, days as UTC midnight, no cents. */
export const legacyRecurring = recurringOutput
  .pick({ name: true, category: true, amount: true, isIncome: true, frequency: true })
  .extend({
    _id: z.string(),
    startDate: legacyDay,
    endDate: legacyDay.nullable(),
    nextDueDate: legacyDay.nullable().describe('The next occurrence not yet recorded; null once ended.'),
    createdAt: recurringOutput.shape.createdAt,
    updatedAt: recurringOutput.shape.updatedAt,
  });

/** A calendar day in the original server's spelling (UTC midnight). */
export const asLegacyDay = (date: string | null) => (date === null ? null : `${date}T00:00:00.000Z`);

export function toLegacyRecurring(rule: Recurring): z.infer<typeof legacyRecurring> {
  return {
    _id: rule.id,
    name: rule.name,
    category: rule.category,
    amount: rule.amount,
    isIncome: rule.isIncome,
    frequency: rule.frequency,
    startDate: `${rule.startDate}T00:00:00.000Z`,
    endDate: asLegacyDay(rule.endDate),
    nextDueDate: asLegacyDay(rule.nextDueDate),
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt,
  };
}
