import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';

import {
  catchUpPreviewInput,
  catchUpPreviewOutput,
  createRecurringInput,
  deleteRecurringInput,
  recordedCountOutput,
  recurringDeletedOutput,
  recurringIdInput,
  recurringOutput,
  updateRecurringInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { previewCatchUp } from './catch-up';
import { countRecorded, createRecurring, deleteRecurring, listRecurring, updateRecurring } from './service';

export const recurringRouter = {
  list: protectedProcedure
    .output(z.array(recurringOutput))
    .query(({ ctx }) => listRecurring(ctx, { userId: ctx.user.id })),
  create: protectedProcedure
    .input(createRecurringInput)
    .output(recurringOutput)
    .mutation(({ ctx, input }) =>
      createRecurring(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  update: protectedProcedure
    .input(updateRecurringInput)
    .output(recurringOutput)
    .mutation(({ ctx, input: { id, catchUp, ...changes } }) =>
      updateRecurring(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, id, changes, catchUp }),
    ),
  delete: protectedProcedure
    .input(deleteRecurringInput)
    .output(recurringDeletedOutput)
    .mutation(({ ctx, input }) => deleteRecurring(ctx, { userId: ctx.user.id, ...input })),
  /** How many past occurrences saving this schedule would record at once (the form says it first). */
  previewCatchUp: protectedProcedure
    .input(catchUpPreviewInput)
    .output(catchUpPreviewOutput)
    .query(({ ctx, input }) =>
      previewCatchUp(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  /** How many live transactions the rule recorded (deleting it offers to delete them too). */
  recordedCount: protectedProcedure
    .input(recurringIdInput)
    .output(recordedCountOutput)
    .query(({ ctx, input }) => countRecorded(ctx, { userId: ctx.user.id, id: input.id })),
} satisfies TRPCRouterRecord;
