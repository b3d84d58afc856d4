import type { TRPCRouterRecord } from '@trpc/server';

import { budgetIdInput, createBudgetInput, updateBudgetInput } from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { createBudget, deleteBudget, listBudgets, updateBudget } from './service';

export const budgetsRouter = {
  // The remembered list is shared and read-only; clients get it as a plain array.
  list: protectedProcedure.query(async ({ ctx }) => [
    ...(await listBudgets(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone })),
  ]),
  create: protectedProcedure
    .input(createBudgetInput)
    .mutation(({ ctx, input }) =>
      createBudget(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  update: protectedProcedure
    .input(updateBudgetInput)
    .mutation(({ ctx, input }) =>
      updateBudget(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  delete: protectedProcedure
    .input(budgetIdInput)
    .mutation(({ ctx, input }) => deleteBudget(ctx, { userId: ctx.user.id, id: input.id })),
} satisfies TRPCRouterRecord;
