import type { TRPCRouterRecord } from '@trpc/server';

import { createRecurringInput, recurringIdInput, updateRecurringInput } from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { createRecurring, deleteRecurring, listRecurring, updateRecurring } from './service';

export const recurringRouter = {
  list: protectedProcedure.query(({ ctx }) => listRecurring(ctx, { userId: ctx.user.id })),
  create: protectedProcedure
    .input(createRecurringInput)
    .mutation(({ ctx, input }) =>
      createRecurring(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  update: protectedProcedure
    .input(updateRecurringInput)
    .mutation(({ ctx, input: { id, ...changes } }) =>
      updateRecurring(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, id, changes }),
    ),
  delete: protectedProcedure
    .input(recurringIdInput)
    .mutation(({ ctx, input }) => deleteRecurring(ctx, { userId: ctx.user.id, id: input.id })),
} satisfies TRPCRouterRecord;
