import { categoryName, CATEGORY_KINDS } from '@paisable/contracts';
import { z } from 'zod';

import type { RestOperation } from '../../rest/openapi/operation';

const TAG = 'Categories';
const names = z.array(z.string());

export const categoryOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/transactions/categories',
    tag: TAG,
    summary: 'Expense and income categories together, sorted',
    auth: true,
    responses: { 200: { description: 'Category names.', schema: names } },
  },
  ...CATEGORY_KINDS.map((kind): RestOperation => ({
    method: 'get',
    path: `/transactions/categories/${kind}`,
    tag: TAG,
    summary: `Built-in and your own ${kind} categories, sorted`,
    auth: true,
    responses: { 200: { description: 'Category names.', schema: names } },
  })),
  {
    method: 'delete',
    path: '/transactions/category',
    tag: TAG,
    summary: "Delete one of your categories; its transactions move to 'Miscellaneous'",
    auth: true,
    body: z.object({
      categoryToDelete: categoryName,
      isIncome: z.boolean().optional().describe('Which list; both when absent.'),
    }),
    responses: {
      200: {
        description: 'Deleted.',
        schema: z.object({ message: z.string(), movedCount: z.number().int() }),
      },
    },
  },
];
