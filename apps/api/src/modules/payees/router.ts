import type { TRPCRouterRecord } from '@trpc/server';

import {
  mergePayeesInput,
  payeeListOutput,
  payeeOutput,
  payeesMergedOutput,
  renamePayeeInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
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
} satisfies TRPCRouterRecord;
