import type { TRPCRouterRecord } from '@trpc/server';

import {
  createPayeeRuleInput,
  mergePayeesInput,
  payeeListOutput,
  payeeMergeUndoneOutput,
  payeeOutput,
  payeeRuleIdInput,
  payeeRuleListOutput,
  payeeRuleOutput,
  payeesMergedOutput,
  renamePayeeInput,
  undoPayeeMergeInput,
  updatePayeeRuleInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { undoPayeeMerge } from './merge-undo';
import { createPayeeRule, deletePayeeRule, listPayeeRules, updatePayeeRule } from './rules';
import { listPayees, mergePayees, renamePayee } from './service';

export const payeesRouter = {
  /** Every payee, A to Z, with its count: the form's completion and the Payees page. */
  list: protectedProcedure
    .output(payeeListOutput)
    .query(({ ctx }) => listPayees(ctx, { userId: ctx.user.id })),
  /** Renaming to another payee's name merges the two. */
  rename: protectedProcedure
    .input(renamePayeeInput)
    .output(payeeOutput)
    .mutation(({ ctx, input }) => renamePayee(ctx, { userId: ctx.user.id, ...input })),
  merge: protectedProcedure
    .input(mergePayeesInput)
    .output(payeesMergedOutput)
    .mutation(({ ctx, input }) => mergePayees(ctx, { userId: ctx.user.id, ...input })),
  /** Takes back the last merge (its `undoId`), within a few minutes. */
  undoMerge: protectedProcedure
    .input(undoPayeeMergeInput)
    .output(payeeMergeUndoneOutput)
    .mutation(({ ctx, input }) => undoPayeeMerge(ctx, { userId: ctx.user.id, ...input })),
  /** "Bank text contains X → payee Y", applied by later imports. */
  rules: protectedProcedure
    .output(payeeRuleListOutput)
    .query(({ ctx }) => listPayeeRules(ctx, { userId: ctx.user.id })),
  createRule: protectedProcedure
    .input(createPayeeRuleInput)
    .output(payeeRuleOutput)
    .mutation(({ ctx, input }) => createPayeeRule(ctx, { userId: ctx.user.id, ...input })),
  updateRule: protectedProcedure
    .input(updatePayeeRuleInput)
    .output(payeeRuleOutput)
    .mutation(({ ctx, input }) => updatePayeeRule(ctx, { userId: ctx.user.id, ...input })),
  deleteRule: protectedProcedure
    .input(payeeRuleIdInput)
    .output(payeeRuleIdInput)
    .mutation(({ ctx, input }) => deletePayeeRule(ctx, { userId: ctx.user.id, ...input })),
} satisfies TRPCRouterRecord;
