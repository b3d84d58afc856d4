import type { TRPCRouterRecord } from '@trpc/server';

import {
  categoryReportInput,
  categoryReportOutput,
  categoryTrendInput,
  categoryTrendOutput,
  monthlyReportInput,
  monthlyReportOutput,
  netWorthReportInput,
  netWorthReportOutput,
  topPayeesInput,
  topPayeesOutput,
  yearOverYearInput,
  yearOverYearOutput,
} from '@paisable/contracts';

import { protectedProcedure } from '../../trpc/init';
import { checkedOnce } from '../../trpc/output';
import { getCategoryTrend } from './category-trend';
import { getNetWorthReport } from './net-worth';
import { getTopPayees } from './payees';
import { getCategoryReport, getMonthlyReport } from './service';
import { getYearOverYear } from './year-over-year';

export const reportsRouter = {
  /** Income, expense and net of every month of a range (optionally one account). */
  monthly: protectedProcedure
    .input(monthlyReportInput)
    .output(checkedOnce(monthlyReportOutput))
    .query(({ ctx, input }) =>
      getMonthlyReport(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        ...input,
      }),
    ),
  /** Expenses per category over a range of days. */
  categories: protectedProcedure
    .input(categoryReportInput)
    .output(checkedOnce(categoryReportOutput))
    .query(({ ctx, input }) =>
      getCategoryReport(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        ...input,
      }),
    ),
  /** Assets, liabilities and net worth at each month end of a range and at its last day. */
  netWorth: protectedProcedure
    .input(netWorthReportInput)
    .output(checkedOnce(netWorthReportOutput))
    .query(({ ctx, input }) =>
      getNetWorthReport(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        ...input,
      }),
    ),
  /** The payees spent with most over a range of days. */
  topPayees: protectedProcedure
    .input(topPayeesInput)
    .output(checkedOnce(topPayeesOutput))
    .query(({ ctx, input }) =>
      getTopPayees(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        ...input,
      }),
    ),
  /** Each month of a range beside the same month a year before. */
  yearOverYear: protectedProcedure
    .input(yearOverYearInput)
    .output(checkedOnce(yearOverYearOutput))
    .query(({ ctx, input }) =>
      getYearOverYear(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        ...input,
      }),
    ),
  /** One category's spending per month beside its budget and average. */
  categoryTrend: protectedProcedure
    .input(categoryTrendInput)
    .output(checkedOnce(categoryTrendOutput))
    .query(({ ctx, input }) =>
      getCategoryTrend(ctx, {
        userId: ctx.user.id,
        timeZone: ctx.user.timeZone,
        currency: ctx.user.defaultCurrency,
        ...input,
      }),
    ),
} satisfies TRPCRouterRecord;
