import type { TRPCRouterRecord } from '@trpc/server';

import {
  addRateInput,
  exchangeRateOutput,
  importRateFileInput,
  rateImportOutput,
  rateListInput,
  rateListOutput,
  rateQueryInput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { addUserRate, getRate, importRateFile, listRates } from './service';

export const ratesRouter = {
  /** The rate in force on a day (the nearest earlier one when the day has none); NOT_FOUND when none is. */
  get: protectedProcedure
    .input(rateQueryInput)
    .output(exchangeRateOutput)
    .query(({ ctx, input }) => getRate(ctx, { userId: ctx.user.id, ...input })),
  list: protectedProcedure
    .input(rateListInput)
    .output(rateListOutput)
    .query(({ ctx, input }) => listRates(ctx, { userId: ctx.user.id, ...input })),
  /** A typed rate for one day: the user's own, winning over the reference rates of that day. */
  add: protectedProcedure
    .input(addRateInput)
    .output(exchangeRateOutput)
    .mutation(({ ctx, input }) => addUserRate(ctx, { userId: ctx.user.id, ...input })),
  /** An ECB rates file's text (daily or historical, XML or CSV), all or nothing. */
  importFile: protectedProcedure
    .input(importRateFileInput)
    .output(rateImportOutput)
    .mutation(({ ctx, input }) => importRateFile(ctx, { userId: ctx.user.id, text: input.text })),
} satisfies TRPCRouterRecord;
