import { z } from 'zod';

import { USER_ACCOUNT_MESSAGES } from '@paisable/contracts';

import { defineRoute } from '../../rest/route';
import { deleteAccount } from './service';

export const userRoutes = [
  defineRoute({
    method: 'delete',
    path: '/users/account',
    tag: 'Account',
    summary: 'Delete your account and everything in it (transactions, budgets, receipts…)',
    description: 'Cannot be undone; the token stops working.',
    auth: 'required',
    responses: { 200: { description: 'Deleted.', schema: z.object({ message: z.string() }) } },
    errors: { 404: 'The account was already deleted (by a request at the same moment).' },
    handle: async ({ deps, user }) => {
      await deleteAccount(deps, { userId: user.id });
      return { message: USER_ACCOUNT_MESSAGES.deleted };
    },
  }),
];
