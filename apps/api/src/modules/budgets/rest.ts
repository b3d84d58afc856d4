import type { Budget } from '@paisable/contracts';
import { budgetFieldsInput } from '@paisable/contracts';
import type { FastifyInstance } from 'fastify';

import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/errors';
import { bodyOf, requireUser } from '../../rest/legacy';
import { asRecord, integerParam } from '../../rest/params';
import { createBudget, deleteBudget, listBudgets, updateBudget } from './service';

/** The original /api/budgets routes, plus the PUT the original client called but the server lacked. */
export function registerBudgetRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/budgets', async (request, reply) => {
    const user = await requireUser(deps, request);
    const budgets = await listBudgets(deps.db, { userId: user.id });
    let body = legacyJson.get(budgets);
    if (body === undefined) legacyJson.set(budgets, (body = JSON.stringify(budgets.map(toLegacyBudget))));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post('/budgets', async (request, reply) => {
    const user = await requireUser(deps, request);
    const fields = parseInput(budgetFieldsInput, legacyFields(bodyOf(request)));
    const created = await createBudget(deps.db, { userId: user.id, ...fields });
    return reply.status(201).send(toLegacyBudget(created));
  });

  app.put<{ Params: { id: string } }>('/budgets/:id', async (request) => {
    const user = await requireUser(deps, request);
    const fields = parseInput(budgetFieldsInput, legacyFields(bodyOf(request)));
    return toLegacyBudget(await updateBudget(deps.db, { userId: user.id, id: request.params.id, ...fields }));
  });

  app.delete<{ Params: { id: string } }>('/budgets/:id', async (request) => {
    const user = await requireUser(deps, request);
    await deleteBudget(deps.db, { userId: user.id, id: request.params.id });
    return { message: 'Budget deleted successfully' };
  });
}

/**
 * listBudgets hands out the same list until the user's data changes (it is remembered): its JSON, hundreds
 * of budgets for a long-time user, is written once per list rather than once per request.
 */
const legacyJson = new WeakMap<readonly Budget[], string>();

/** The original form posts numbers as strings ("5", "2025"); the amount's string is parsed by the contract. */
function legacyFields(body: unknown) {
  const fields = asRecord(body);
  return {
    category: fields.category,
    amount: fields.amount,
    month: integerParam(fields.month),
    year: integerParam(fields.year),
  };
}

function toLegacyBudget(budget: Budget) {
  return {
    _id: budget.id,
    category: budget.category,
    amount: budget.amount,
    month: budget.month,
    year: budget.year,
    spent: budget.spent,
    remaining: budget.remaining,
    createdAt: budget.createdAt,
    updatedAt: budget.updatedAt,
  };
}
