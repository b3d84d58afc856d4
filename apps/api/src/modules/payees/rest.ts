import {
  mergePayeesInput,
  payeeListOutput,
  payeeOutput,
  payeesMergedOutput,
  renamePayeeInput,
} from '@paisable/contracts';

import { defineRoute } from '../../rest/route';
import { listPayees, mergePayees, renamePayee } from './service';

const TAG = 'Payees';

export const payeeRoutes = [
  defineRoute({
    method: 'get',
    path: '/payees',
    tag: TAG,
    summary: 'Your payees, A to Z, each with how many transactions name it',
    auth: 'required',
    responses: { 200: { description: 'The payees.', schema: payeeListOutput } },
    handle: ({ deps, user }) => listPayees(deps, { userId: user.id }),
  }),
  defineRoute({
    method: 'put',
    path: '/payees/:id',
    tag: TAG,
    summary: 'Rename a payee on every transaction',
    description:
      'Each transaction keeps the payee text its bank wrote. Renaming to the name of another of your payees ' +
      '(the same words in any letter case) merges the two, spelled as sent.',
    auth: 'required',
    body: renamePayeeInput.pick({ name: true }),
    responses: { 200: { description: 'The payee that remains.', schema: payeeOutput } },
    errors: { 404: 'Not one of your payees.' },
    handle: ({ deps, user, params, body }) =>
      renamePayee(deps, { userId: user.id, id: params.id, name: body.name }),
  }),
  defineRoute({
    method: 'post',
    path: '/payees/merge',
    tag: TAG,
    summary: 'Merge payees into one',
    description:
      'The transactions of every payee in `from` name `into`, and those payees are gone. With `makeRule`, ' +
      'later imports file bank text like theirs under `into`.',
    auth: 'required',
    body: mergePayeesInput,
    responses: {
      200: { description: 'The payee kept, the rows moved and the rules made.', schema: payeesMergedOutput },
    },
    errors: { 400: 'A payee merged into itself.', 404: 'One of the payees is not yours.' },
    handle: ({ deps, user, body }) => mergePayees(deps, { userId: user.id, ...body }),
  }),
];
