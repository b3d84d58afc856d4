import { z } from 'zod';

import { budgetFieldsInput, budgetOutput, formatCentsTotal, type Budget } from '@paisable/contracts';

import { exactJsonNumber, stringifyJson } from '../../rest/exact-json';
import { legacyInteger } from '../../rest/params';
import { defineRoute } from '../../rest/route';
import { createBudget, deleteBudget, listBudgets, updateBudget } from './service';

const TAG = 'Budgets';

/** A budget as the REST adapter sends it: `_id`, decimal amounts, no cents. */
const legacyBudget = budgetOutput
  .pick({ category: true, amount: true, month: true, year: true, createdAt: true, updatedAt: true })
  .extend({
    _id: z.string(),
    spent: z.number().describe('The month’s expenses of the category.'),
    remaining: z.number().describe('amount − spent; negative when overspent.'),
  });

/** Spent and remaining are sums, written with their exact digits: a double would round them past 2^53 cents. */
function toLegacyBudget(budget: Budget) {
  return {
    _id: budget.id,
    category: budget.category,
    amount: budget.amount,
    month: budget.month,
    year: budget.year,
    spent: exactJsonNumber(formatCentsTotal(budget.spentCents)),
    remaining: exactJsonNumber(formatCentsTotal(budget.remainingCents)),
    createdAt: budget.createdAt,
    updatedAt: budget.updatedAt,
  };
}

/**
 * listBudgets hands out the same list until the user's data changes (it is remembered): its JSON, hundreds
 * of budgets for a long-time user, is written once per list rather than once per request.
 */
const legacyJson = new WeakMap<readonly Budget[], string>();

/** The original form posts its numbers as strings ("5", "2025"); the amount's string is parsed by the contract. */
const fields = budgetFieldsInput.in.shape;
const legacyBudgetBody = z
  .object({
    category: fields.category,
    amount: fields.amount.describe(
      'Zero or a positive decimal with at most 2 decimals (number or numeric string).',
    ),
    month: legacyInteger(fields.month).describe('1–12 (a number, or its digits as a string).'),
    year: legacyInteger(fields.year).describe('2000–2100 (a number, or its digits as a string).'),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));

const duplicate = 'You already have a budget for this category in that month.';

/** The original /api/budgets routes, plus the PUT the original client called but the server lacked. */
export const budgetRoutes = [
  defineRoute({
    method: 'get',
    path: '/budgets',
    tag: TAG,
    summary: 'Your budgets, each with what was spent in its month',
    auth: 'required',
    responses: {
      200: {
        description: 'Every budget; `spent` counts the month’s expenses of the category.',
        schema: z.array(legacyBudget),
      },
    },
    handle: async ({ deps, user, reply }) => {
      const budgets = await listBudgets(deps, { userId: user.id, timeZone: user.timeZone });
      let body = legacyJson.get(budgets);
      if (body === undefined) legacyJson.set(budgets, (body = stringifyJson(budgets.map(toLegacyBudget))));
      return reply.type('application/json; charset=utf-8').send(body);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/budgets',
    tag: TAG,
    summary: 'Set a budget for a category and month',
    auth: 'required',
    body: legacyBudgetBody,
    responses: { 201: { description: 'The new budget.', schema: legacyBudget } },
    errors: { 409: duplicate },
    handle: async ({ deps, user, body }) =>
      toLegacyBudget(await createBudget(deps, { userId: user.id, timeZone: user.timeZone, ...body })),
  }),
  defineRoute({
    method: 'put',
    path: '/budgets/:id',
    tag: TAG,
    summary: 'Replace a budget’s category, amount, month and year',
    auth: 'required',
    body: legacyBudgetBody,
    responses: { 200: { description: 'The changed budget.', schema: legacyBudget } },
    errors: { 409: duplicate },
    handle: async ({ deps, user, params, body }) =>
      toLegacyBudget(
        await updateBudget(deps, { userId: user.id, timeZone: user.timeZone, id: params.id, ...body }),
      ),
  }),
  defineRoute({
    method: 'delete',
    path: '/budgets/:id',
    tag: TAG,
    summary: 'Delete a budget',
    auth: 'required',
    responses: { 200: { description: 'Deleted.', schema: z.object({ message: z.string() }) } },
    handle: async ({ deps, user, params }) => {
      await deleteBudget(deps, { userId: user.id, id: params.id });
      return { message: 'Budget deleted successfully' };
    },
  }),
];
