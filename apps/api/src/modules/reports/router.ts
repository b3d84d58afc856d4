import type { TRPCRouterRecord } from '@trpc/server';

import {
  categoryReportInput,
  categoryReportOutput,
  monthlyReportInput,
  monthlyReportOutput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { getCategoryReport, getMonthlyReport } from './service';

export const reportsRouter = {
  /** Income, expense and net of every month of a range (optionally one account). */
  monthly: protectedProcedure
    .input(monthlyReportInput)
    .output(monthlyReportOutput)
    .query(({ ctx, input }) =>
      getMonthlyReport(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
  /** Expenses per category over a range of days. */
  categories: protectedProcedure
    .input(categoryReportInput)
    .output(categoryReportOutput)
    .query(({ ctx, input }) =>
      getCategoryReport(ctx, { userId: ctx.user.id, timeZone: ctx.user.timeZone, ...input }),
    ),
} satisfies TRPCRouterRecord;
