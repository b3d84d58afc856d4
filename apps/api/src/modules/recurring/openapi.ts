import { createRecurringInput, recurringOutput } from '@paisable/contracts';
import { z } from 'zod';

import type { RestOperation } from '../../rest/openapi/operation';

const TAG = 'Recurring';

const legacyDay = z.string().describe('The calendar day as UTC midnight: YYYY-MM-DDT00:00:00.000Z.');

/** A rule as the REST adapter sends it (see `toLegacyRecurring`): `_id`, days as UTC midnight, no cents. */
const legacyRecurringShape = recurringOutput
  .pick({ name: true, category: true, amount: true, isIncome: true, frequency: true })
  .extend({
    _id: z.string(),
    startDate: legacyDay,
    endDate: legacyDay.nullable(),
    nextDueDate: legacyDay.nullable().describe('The next occurrence not yet recorded; null once ended.'),
    createdAt: recurringOutput.shape.createdAt,
    updatedAt: recurringOutput.shape.updatedAt,
  });

const fields = createRecurringInput.in.shape;
const day = 'YYYY-MM-DD (or an ISO timestamp: its day is used).';

const legacyRecurringBody = z.object({
  name: fields.name,
  category: fields.category,
  amount: fields.amount.describe('A positive decimal with at most 2 decimals (number or numeric string).'),
  isIncome: fields.isIncome,
  frequency: fields.frequency,
  startDate: z.string().describe(`The first occurrence. ${day}`),
  endDate: z
    .string()
    .nullable()
    .optional()
    .describe(`The last day an occurrence may fall on (inclusive). ${day} Null or empty: no end.`),
});

export const recurringOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/recurring',
    tag: TAG,
    summary: 'Your recurring transactions',
    auth: true,
    responses: { 200: { description: 'Every rule.', schema: z.array(legacyRecurringShape) } },
  },
  {
    method: 'post',
    path: '/recurring/create',
    tag: TAG,
    summary: 'Add a recurring transaction; occurrences already due are recorded at once',
    auth: true,
    body: legacyRecurringBody,
    responses: { 201: { description: 'The new rule.', schema: legacyRecurringShape } },
  },
  {
    method: 'put',
    path: '/recurring/:id',
    tag: TAG,
    summary: 'Change the fields that are sent',
    auth: true,
    body: legacyRecurringBody.partial(),
    responses: { 200: { description: 'The changed rule.', schema: legacyRecurringShape } },
  },
  {
    method: 'delete',
    path: '/recurring/:id',
    tag: TAG,
    summary: 'Delete a recurring transaction (transactions it recorded stay)',
    auth: true,
    responses: { 200: { description: 'Deleted.', schema: z.object({ message: z.string() }) } },
  },
];
