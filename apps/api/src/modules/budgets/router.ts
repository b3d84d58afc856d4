import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import {
  budgetDeletedOutput,
  budgetIdInput,
  budgetOutput,
  createBudgetInput,
  updateBudgetInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { createBudget, deleteBudget, listBudgets, updateBudget } from './service';

export const budgetsRouter = {
  // The remembered list is shared and read-only; clients get it as a plain array.
  list: protectedProcedure
    .output(z.array(budgetOutput))
    .query(async ({ ctx }) => [
      ...(await listBudgets(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone })),
    ]),
  create: protectedProcedure
    .input(createBudgetInput)
    .output(budgetOutput)
    .mutation(({ ctx, input }) =>
      createBudget(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  update: protectedProcedure
    .input(updateBudgetInput)
    .output(budgetOutput)
    .mutation(({ ctx, input }) =>
      updateBudget(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  delete: protectedProcedure
    .input(budgetIdInput)
    .output(budgetDeletedOutput)
    .mutation(({ ctx, input }) => deleteBudget(ctx, { userId: ctx.user.id, id: input.id })),
} satisfies TRPCRouterRecord;
