import { z } from 'zod';

import {
  CATEGORY_KINDS,
  categoryKindOf,
  categoryName,
  MESSAGES,
  sortCategories,
  type CategoryKind,
} from '@paisable/contracts';

import { legacyBoolean } from '../../rest/params';
import { defineRoute } from '../../rest/route';
import { deleteCategory, listCategories } from './service';

const TAG = 'Categories';
const names = z.array(z.string());

const legacyDeleteBody = z.object({
  categoryToDelete: categoryName,
  isIncome: legacyBoolean(z.boolean({ error: MESSAGES.isIncomeInvalid }).optional()).describe(
    'Which list; both when absent.',
  ),
});

/** The original category routes, which live under /api/transactions. */
export const categoryRoutes = [
  defineRoute({
    method: 'get',
    path: '/transactions/categories',
    tag: TAG,
    summary: 'Expense and income categories together, sorted',
    auth: 'required',
    responses: { 200: { description: 'Category names.', schema: names } },
    handle: async ({ deps, user }) => {
      const { expense, income } = await listCategories(deps, { userId: user.id });
      return sortCategories([...expense, ...income]);
    },
  }),
  ...CATEGORY_KINDS.map((kind) =>
    defineRoute({
      method: 'get',
      path: `/transactions/categories/${kind}`,
      tag: TAG,
      summary: `Built-in and your own ${kind} categories, sorted`,
      auth: 'required',
      responses: { 200: { description: 'Category names.', schema: names } },
      handle: async ({ deps, user }) => (await listCategories(deps, { userId: user.id }))[kind],
    }),
  ),
  defineRoute({
    method: 'delete',
    path: '/transactions/category',
    tag: TAG,
    summary: "Delete one of your categories; its transactions move to 'Miscellaneous'",
    auth: 'required',
    body: legacyDeleteBody,
    responses: {
      200: {
        description: 'Deleted.',
        schema: z.object({ message: z.string(), movedCount: z.number().int() }),
      },
    },
    handle: async ({ deps, user, body: { categoryToDelete: name, isIncome } }) => {
      // The original client sends no kind: then the name goes from both lists, as it did there.
      const kinds: CategoryKind[] = isIncome === undefined ? [...CATEGORY_KINDS] : [categoryKindOf(isIncome)];
      const { movedCount } = await deleteCategory(deps, { userId: user.id, kinds, name });
      return {
        message: `Category '${name}' deleted successfully. Associated transactions moved to 'Miscellaneous'.`,
        movedCount,
      };
    },
  }),
];
