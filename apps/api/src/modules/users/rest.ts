import { z } from 'zod';

import { twoFactorCode, USER_ACCOUNT_MESSAGES } from '@paisable/contracts';

import { defineRoute } from '../../rest/route';
import { scheduleErase } from './erase-schedule';
import { deleteAccountWithPassword } from './service';

const deletionBody = z.object({
  password: z
    .string({ error: USER_ACCOUNT_MESSAGES.wrongPassword })
    .max(1024, USER_ACCOUNT_MESSAGES.wrongPassword)
    .optional()
    .describe('With it the account is erased at once; without it the erase waits 14 days.'),
  code: twoFactorCode
    .optional()
    .describe('With the password, when two-factor sign-in is on: a code from the app or a recovery code.'),
});

export const userRoutes = [
  defineRoute({
    method: 'delete',
    path: '/users/account',
    tag: 'Account',
    summary: 'Delete your account and everything in it (transactions, budgets, receipts…)',
    description:
      'With `{ "password" }` the account is erased at once; this cannot be undone. Without it (the original ' +
      'client sends no body) every session is signed out and the erase happens 14 days later, unless the ' +
      'owner signs in with the password before then.',
    auth: 'required',
    body: deletionBody,
    responses: {
      200: {
        description: 'Deleted, or scheduled (then `eraseAfter` says when).',
        schema: z.object({ message: z.string(), eraseAfter: z.string().optional() }),
      },
    },
    errors: {
      400: 'The password given is wrong, or the two-factor code is missing or wrong.',
      404: 'The account was already deleted (by a request at the same moment).',
      429: 'Too many wrong passwords; the Retry-After header says how many seconds to wait.',
    },
    handle: async ({ deps, user, body, request }) => {
      if (body.password === undefined) {
        const { eraseAfter } = await scheduleErase(deps, { userId: user.id });
        const day = eraseAfter.toISOString().slice(0, 10);
        return { message: USER_ACCOUNT_MESSAGES.scheduled(day), eraseAfter: eraseAfter.toISOString() };
      }
      await deleteAccountWithPassword(deps, {
        userId: user.id,
        password: body.password,
        code: body.code,
        client: { ip: request.ip },
      });
      return { message: USER_ACCOUNT_MESSAGES.deleted };
    },
  }),
];
