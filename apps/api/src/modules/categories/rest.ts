import type { CategoryKind } from '@paisable/contracts';
import { CATEGORY_KINDS, categoryKindOf, categoryName, MESSAGES, sortCategories } from '@paisable/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import type { AppDeps } from '../../deps';
import { parseInput } from '../../lib/errors';
import { bodyOf, requireUser } from '../../rest/legacy';
import { asRecord, booleanParam } from '../../rest/params';
import { deleteCategory, listCategories } from './service';

const legacyDeleteBody = z.object({
  name: categoryName,
  isIncome: z.boolean({ error: MESSAGES.isIncomeInvalid }).optional(),
});

/** The original category routes, which live under /api/transactions. */
export function registerCategoryRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/transactions/categories', async (request) => {
    const user = await requireUser(deps, request);
    const { expense, income } = await listCategories(deps.db, { userId: user.id });
    return sortCategories([...expense, ...income]);
  });

  for (const kind of CATEGORY_KINDS) {
    app.get(`/transactions/categories/${kind}`, async (request) => {
      const user = await requireUser(deps, request);
      return (await listCategories(deps.db, { userId: user.id }))[kind];
    });
  }

  app.delete('/transactions/category', async (request) => {
    const user = await requireUser(deps, request);
    const body = asRecord(bodyOf(request));
    const { name, isIncome } = parseInput(legacyDeleteBody, {
      name: body.categoryToDelete,
      isIncome: booleanParam(body.isIncome),
    });
    // The original client sends no kind: then the name goes from both lists, as it did there.
    const kinds: CategoryKind[] = isIncome === undefined ? [...CATEGORY_KINDS] : [categoryKindOf(isIncome)];
    const { movedCount } = await deleteCategory(deps.db, { userId: user.id, kinds, name });
    return {
      message: `Category '${name}' deleted successfully. Associated transactions moved to 'Miscellaneous'.`,
      movedCount,
    };
  });
}
