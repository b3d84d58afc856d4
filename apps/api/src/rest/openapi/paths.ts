import { z } from 'zod';

import { authOperations } from '../../modules/auth/openapi';
import { budgetOperations } from '../../modules/budgets/openapi';
import { categoryOperations } from '../../modules/categories/openapi';
import { contactOperations } from '../../modules/contact/openapi';
import { receiptOperations } from '../../modules/receipts/openapi';
import { recurringOperations } from '../../modules/recurring/openapi';
import { transactionOperations } from '../../modules/transactions/openapi';
import { userOperations } from '../../modules/users/openapi';
import type { RestOperation } from './operation';

const systemOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/health',
    tag: 'System',
    summary: 'Liveness and database check',
    auth: false,
    responses: {
      200: { description: 'Up, and the database answers.', schema: z.object({ status: z.literal('ok') }) },
    },
  },
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'System',
    summary: 'This document',
    auth: false,
    responses: {
      200: { description: 'OpenAPI 3.1 document.', schema: z.looseObject({ openapi: z.string() }) },
    },
  },
  {
    method: 'get',
    path: '/docs',
    tag: 'System',
    summary: 'This document as a readable page',
    auth: false,
    responses: { 200: { description: 'HTML page.', mediaType: 'text/html' } },
  },
];

/**
 * Every REST route, described. A module that adds routes adds its `xOperations` list here; the OpenAPI
 * test fails while a registered route is missing from this list or answers outside its description.
 */
export const restOperations: readonly RestOperation[] = [
  ...systemOperations,
  ...authOperations,
  ...transactionOperations,
  ...categoryOperations,
  ...budgetOperations,
  ...recurringOperations,
  ...receiptOperations,
  ...contactOperations,
  ...userOperations,
];
