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
  recurringOccurrenceInput,
  recurringOutput,
  upcomingOutput,
  updateRecurringInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { previewCatchUp } from './catch-up';
import { recordOccurrenceNow, skipOccurrence } from './occurrences';
import { countRecorded, createRecurring, deleteRecurring, listRecurring, updateRecurring } from './service';
import { getUpcoming } from './upcoming';

export const recurringRouter = {
  list: protectedProcedure
    .output(z.array(recurringOutput))
    .query(({ ctx }) => listRecurring(ctx, { userId: ctx.user.id, currency: ctx.user.defaultCurrency })),
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
  /** Marks the rule's next occurrence done without recording it; the rule moves on to the one after. */
  skipOccurrence: protectedProcedure
    .input(recurringOccurrenceInput)
    .output(recurringOutput)
    .mutation(({ ctx, input }) =>
      skipOccurrence(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  /** Records the rule's next occurrence today; the rule moves on to the one after. */
  recordNow: protectedProcedure
    .input(recurringOccurrenceInput)
    .output(recurringOutput)
    .mutation(({ ctx, input }) =>
      recordOccurrenceNow(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  /** The next 30 days of occurrences and scheduled rows, with the projected on-budget balance. */
  upcoming: protectedProcedure
    .output(upcomingOutput)
    .query(({ ctx }) => getUpcoming(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone })),
} satisfies TRPCRouterRecord;
