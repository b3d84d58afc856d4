import {
  createPayeeRuleInput,
  mergePayeesInput,
  PAYEE_MERGE_UNDO_MINUTES,
  PAYEE_MESSAGES,
  payeeListOutput,
  payeeMergeUndoneOutput,
  payeeOutput,
  payeeRuleIdInput,
  payeeRuleListOutput,
  payeeRuleOutput,
  payeesMergedOutput,
  renamePayeeInput,
  undoPayeeMergeInput,
} from '@paisable/contracts';

import { defineRoute } from '../../rest/route';
import { undoPayeeMerge } from './merge-undo';
import { createPayeeRule, deletePayeeRule, listPayeeRules, updatePayeeRule } from './rules';
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
      "later imports file bank text like theirs under `into`. The answer's `undoId` takes the merge back " +
      `(POST /api/payees/merge/undo) for ${PAYEE_MERGE_UNDO_MINUTES} minutes, until your next merge.`,
    auth: 'required',
    body: mergePayeesInput,
    responses: {
      200: { description: 'The payee kept, the rows moved and the rules made.', schema: payeesMergedOutput },
    },
    errors: { 400: 'A payee merged into itself.', 404: 'One of the payees is not yours.' },
    handle: ({ deps, user, body }) => mergePayees(deps, { userId: user.id, ...body }),
  }),
  defineRoute({
    method: 'post',
    path: '/payees/merge/undo',
    tag: TAG,
    summary: 'Undo your last payee merge',
    description:
      'The merged payees come back with their names, each transaction the merge moved names its payee again ' +
      '(unless you gave it another since), and the rules the merge moved or made are as they were.',
    auth: 'required',
    body: undoPayeeMergeInput,
    responses: {
      200: { description: 'The payees back and the rows moved back.', schema: payeeMergeUndoneOutput },
    },
    errors: {
      404: PAYEE_MESSAGES.mergeUndoGone,
      409: "A merged payee's name is taken by a payee made since.",
    },
    handle: ({ deps, user, body }) => undoPayeeMerge(deps, { userId: user.id, ...body }),
  }),
  defineRoute({
    method: 'get',
    path: '/payees/rules',
    tag: TAG,
    summary: 'Your payee rules: bank text contains … → payee',
    description:
      'Later imports file a row under the payee of the longest rule whose text its bank text contains ' +
      '(compared without case or accents). Rows already saved keep their payee.',
    auth: 'required',
    responses: { 200: { description: 'The rules, A to Z by text.', schema: payeeRuleListOutput } },
    handle: ({ deps, user }) => listPayeeRules(deps, { userId: user.id }),
  }),
  defineRoute({
    method: 'post',
    path: '/payees/rules',
    tag: TAG,
    summary: 'Add a payee rule',
    description:
      'The payee is one of yours by name (in any letter case), made when you have none of that name.',
    auth: 'required',
    body: createPayeeRuleInput,
    responses: { 201: { description: 'The new rule.', schema: payeeRuleOutput } },
    errors: { 409: PAYEE_MESSAGES.ruleExists },
    handle: ({ deps, user, body }) => createPayeeRule(deps, { userId: user.id, ...body }),
  }),
  defineRoute({
    method: 'put',
    path: '/payees/rules/:id',
    tag: TAG,
    summary: 'Change a payee rule',
    auth: 'required',
    body: createPayeeRuleInput,
    responses: { 200: { description: 'The rule.', schema: payeeRuleOutput } },
    errors: { 404: 'Not one of your payee rules.', 409: PAYEE_MESSAGES.ruleExists },
    handle: ({ deps, user, params, body }) =>
      updatePayeeRule(deps, { userId: user.id, id: params.id, ...body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/payees/rules/:id',
    tag: TAG,
    summary: 'Delete a payee rule',
    description: 'Later imports file that bank text under its own payee again.',
    auth: 'required',
    responses: { 200: { description: 'The id of the rule deleted.', schema: payeeRuleIdInput } },
    errors: { 404: 'Not one of your payee rules.' },
    handle: ({ deps, user, params }) => deletePayeeRule(deps, { userId: user.id, id: params.id }),
  }),
];
