import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import {
  budgetDeletedOutput,
  budgetIdInput,
  budgetMonthInput,
  budgetMonthOutput,
  budgetOutput,
  budgetsCopiedOutput,
  createBudgetInput,
  updateBudgetInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { checkedOnce } from '../../trpc/output';
import { copyPreviousMonthBudgets, getBudgetMonth } from './month';
import { createBudget, deleteBudget, listBudgets, updateBudget } from './service';

export const budgetsRouter = {
  list: protectedProcedure.output(checkedOnce(z.array(budgetOutput))).query(({ ctx }) =>
    listBudgets(ctx, {
      userId: ctx.user.id,
      timeZone: ctx.user.timeZone,
      currency: ctx.user.defaultCurrency,
    }),
  ),
  /** One month: budgeted, carried, spent and left per budget; totals; spending without a budget. */
  month: protectedProcedure
    .input(budgetMonthInput)
    .output(checkedOnce(budgetMonthOutput))
    .query(({ ctx, input }) =>
      getBudgetMonth(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        ...input,
      }),
    ),
  /** Copies the month before's budgets into this month; categories already budgeted keep theirs. */
  copyPreviousMonth: protectedProcedure
    .input(budgetMonthInput)
    .output(budgetsCopiedOutput)
    .mutation(({ ctx, input }) => copyPreviousMonthBudgets(ctx, { userId: ctx.user.id, ...input })),
  create: protectedProcedure
    .input(createBudgetInput)
    .output(budgetOutput)
    .mutation(({ ctx, input }) =>
      createBudget(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        ...input,
      }),
    ),
  update: protectedProcedure
    .input(updateBudgetInput)
    .output(budgetOutput)
    .mutation(({ ctx, input }) =>
      updateBudget(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        ...input,
      }),
    ),
  delete: protectedProcedure
    .input(budgetIdInput)
    .output(budgetDeletedOutput)
    .mutation(({ ctx, input }) => deleteBudget(ctx, { userId: ctx.user.id, id: input.id })),
} satisfies TRPCRouterRecord;
