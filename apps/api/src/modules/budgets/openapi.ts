import { budgetFieldsInput, budgetOutput } from '@paisable/contracts';
import { z } from 'zod';

import type { RestOperation } from '../../rest/openapi/operation';

const TAG = 'Budgets';

/** A budget as the REST adapter sends it (see `toLegacyBudget`): `_id`, decimal amounts, no cents. */
const legacyBudgetShape = budgetOutput
  .pick({
    category: true,
    amount: true,
    month: true,
    year: true,
    spent: true,
    remaining: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ _id: z.string() });

const fields = budgetFieldsInput.in.shape;
/** The original form posts its numbers as strings ("5", "2025"); digits only. */
const digits = z.string().regex(/^\d+$/);

const legacyBudgetBody = z.object({
  category: fields.category,
  amount: fields.amount.describe(
    'Zero or a positive decimal with at most 2 decimals (number or numeric string).',
  ),
  month: z.union([fields.month, digits]).describe('1–12.'),
  year: z.union([fields.year, digits]).describe('2000–2100.'),
});

const duplicate = 'You already have a budget for this category in that month.';

export const budgetOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/budgets',
    tag: TAG,
    summary: 'Your budgets, each with what was spent in its month',
    auth: true,
    responses: {
      200: {
        description: 'Every budget; `spent` counts the month’s expenses of the category.',
        schema: z.array(legacyBudgetShape),
      },
    },
  },
  {
    method: 'post',
    path: '/budgets',
    tag: TAG,
    summary: 'Set a budget for a category and month',
    auth: true,
    body: legacyBudgetBody,
    responses: { 201: { description: 'The new budget.', schema: legacyBudgetShape } },
    errors: { 409: duplicate },
  },
  {
    method: 'put',
    path: '/budgets/:id',
    tag: TAG,
    summary: 'Replace a budget’s category, amount, month and year',
    auth: true,
    body: legacyBudgetBody,
    responses: { 200: { description: 'The changed budget.', schema: legacyBudgetShape } },
    errors: { 409: duplicate },
  },
  {
    method: 'delete',
    path: '/budgets/:id',
    tag: TAG,
    summary: 'Delete a budget',
    auth: true,
    responses: { 200: { description: 'Deleted.', schema: z.object({ message: z.string() }) } },
  },
];
