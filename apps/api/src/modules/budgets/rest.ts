import { z } from 'zod';

import {
  budgetFieldsInput,
  budgetMonthInput,
  budgetOutput,
  type Budget,
  type BudgetMonth,
  type CentsTotal,
  type Conversion,
} from '@paisable/contracts';

import { formOf, formsPerKey } from '../../lib/remembered';
import { exactMoney, stringifyJson } from '../../rest/exact-json';
import { legacyInteger } from '../../rest/params';
import { defineRoute } from '../../rest/route';
import { getBudgetMonth } from './month';
import { createBudget, deleteBudget, listBudgets, updateBudget } from './service';

const TAG = 'Budgets';

/** Budgets are in the display currency; spending in others is converted into it (an added field). */
const displayCurrency = z.string().describe('Your display currency: the budgets’ and their figures’.');

/**
 * A budget set in another currency than the display one is converted at its month's rate; with no rate its
 * amount is not known here, and says so (null) rather than showing its number in the wrong currency.
 */
const unknownAmount = (conversion: Conversion | undefined) => (conversion?.missing.length ?? 0) > 0;
const budgetMoney = (description: string) =>
  z
    .number()
    .nullable()
    .describe(`${description} Null when the budget was set in another currency and no rate converts it.`);

/** A budget as the REST adapter sends it: `_id`, decimal amounts, no cents. */
const legacyBudget = budgetOutput
  .pick({ category: true, amount: true, month: true, year: true, createdAt: true, updatedAt: true })
  .extend({
    _id: z.string(),
    amount: budgetMoney('The budget in the display currency.'),
    spent: z.number().describe('The month’s expenses of the category.'),
    remaining: budgetMoney('amount − spent; negative when overspent.'),
    currency: displayCurrency,
  });

/** Spent and remaining are sums, written with their exact digits: a double would round them past 2^53 cents. */
function toLegacyBudget(budget: Budget, currency: string) {
  const unknown = unknownAmount(budget.amountConversion);
  return {
    _id: budget.id,
    category: budget.category,
    amount: unknown ? null : budget.amount,
    month: budget.month,
    year: budget.year,
    spent: exactMoney(budget.spentCents, currency),
    remaining: unknown ? null : exactMoney(budget.remainingCents, currency),
    currency,
    createdAt: budget.createdAt,
    updatedAt: budget.updatedAt,
  };
}

/** The list's JSON (hundreds of budgets for a long-time user), written once per list and currency (`formOf`). */
const legacyJson = formsPerKey((budgets: Budget[], currency: string) =>
  stringifyJson(budgets.map((budget) => toLegacyBudget(budget, currency))),
);

/** The original form posts its numbers as strings ("5", "2025"); the amount's string is parsed by the contract. */
const fields = budgetFieldsInput.shape;
const legacyBudgetBody = z.object({
  category: fields.category,
  amount: fields.amount.describe(
    'Zero or a positive decimal in your display currency, with at most its decimals (number or numeric string).',
  ),
  month: legacyInteger(fields.month).describe('1–12 (a number, or its digits as a string).'),
  year: legacyInteger(fields.year).describe('2000–2100 (a number, or its digits as a string).'),
});

/** `?month=3&year=2026`: query values are text, read as the form's numbers. */
const monthQuery = z.object({
  month: legacyInteger(budgetMonthInput.shape.month),
  year: legacyInteger(budgetMonthInput.shape.year),
});

const money = (description: string) => z.number().describe(description);
const budgetMonthBody = z.object({
  currency: displayCurrency,
  month: z.number().int(),
  year: z.number().int(),
  budgets: z.array(
    z.object({
      _id: z.string(),
      category: z.string(),
      rollover: z.boolean().describe('Left-over or overspent money carries into next month’s budget.'),
      budgeted: budgetMoney('This month’s amount.'),
      carried: money('Carried in from last month’s rolling-over budget (negative: overspent).'),
      spent: money('The month’s expenses of the category.'),
      left: budgetMoney('budgeted + carried − spent; negative when overspent.'),
    }),
  ),
  unbudgeted: z
    .array(z.object({ category: z.string(), spent: z.number() }))
    .describe('Spending in categories without a budget this month, largest first.'),
  totals: z.object({
    budgeted: z.number(),
    carried: z.number(),
    spent: money('Spent in the budgeted categories.'),
    left: z.number(),
    unbudgeted: z.number(),
    income: z.number(),
  }),
});

/** The month's JSON, written once per remembered month (`formOf`) however often it is asked for. */
const legacyBudgetMonthJson = formsPerKey((view: BudgetMonth, currency: string) => {
  // Sums written with their exact digits (a double would round them past 2^53 cents), in their currency's units.
  const exact = (total: CentsTotal) => exactMoney(total, currency);
  return stringifyJson({
    currency,
    month: view.month,
    year: view.year,
    budgets: view.budgets.map((line) => {
      const unknown = unknownAmount(line.budgetedConversion);
      return {
        _id: line.id,
        category: line.category,
        rollover: line.rollover,
        budgeted: unknown ? null : exact(line.budgetedCents),
        carried: exact(line.carriedCents),
        spent: exact(line.spentCents),
        left: unknown ? null : exact(line.leftCents),
      };
    }),
    unbudgeted: view.unbudgeted.map((line) => ({ category: line.category, spent: exact(line.spentCents) })),
    totals: {
      budgeted: exact(view.totals.budgetedCents),
      carried: exact(view.totals.carriedCents),
      spent: exact(view.totals.spentCents),
      left: exact(view.totals.leftCents),
      unbudgeted: exact(view.totals.unbudgetedCents),
      income: exact(view.totals.incomeCents),
    },
  });
});

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
      const budgets = await listBudgets(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
      });
      return reply
        .type('application/json; charset=utf-8')
        .send(formOf(budgets, legacyJson(user.defaultCurrency)));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/budgets/month',
    tag: TAG,
    summary: 'One budget month: budgeted, carried, spent and left per budget, totals and unbudgeted spending',
    description:
      'Expenses and income leave out transfers, off-budget accounts and rows dated after today. A budget ' +
      'that rolls over carries its left-over (or overspending) into the category’s budget of the next month.',
    auth: 'required',
    query: monthQuery,
    responses: { 200: { description: 'The month’s figures, as decimal numbers.', schema: budgetMonthBody } },
    handle: async ({ deps, user, query, reply }) => {
      const view = await getBudgetMonth(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
        ...query,
      });
      return reply
        .type('application/json; charset=utf-8')
        .send(formOf(view, legacyBudgetMonthJson(user.defaultCurrency)));
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
      toLegacyBudget(
        await createBudget(deps, {
          userId: user.id,
          timeZone: user.timeZone,
          currency: user.defaultCurrency,
          ...body,
        }),
        user.defaultCurrency,
      ),
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
        await updateBudget(deps, {
          userId: user.id,
          timeZone: user.timeZone,
          currency: user.defaultCurrency,
          id: params.id,
          ...body,
        }),
        user.defaultCurrency,
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
