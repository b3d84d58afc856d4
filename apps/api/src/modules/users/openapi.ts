import { z } from 'zod';

import type { RestOperation } from '../../rest/openapi/operation';

export const userOperations: RestOperation[] = [
  {
    method: 'delete',
    path: '/users/account',
    tag: 'Account',
    summary: 'Delete your account and everything in it (transactions, budgets, receipts…)',
    description: 'Cannot be undone; the token stops working.',
    auth: true,
    responses: { 200: { description: 'Deleted.', schema: z.object({ message: z.string() }) } },
    errors: { 404: 'The account was already deleted (by a request at the same moment).' },
  },
];
