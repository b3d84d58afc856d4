import type { FastifyReply } from 'fastify';
import { z } from 'zod';

import {
  ACCOUNT_MESSAGES,
  categoryReportInput,
  categoryTrendInput,
  monthlyReportInput,
  netWorthReportInput,
  topPayeesInput,
  yearOverYearInput,
  type CategoryReport,
  type CentsTotal,
  type MonthlyReport,
  type NetWorthReport,
  type TopPayees,
  type YearOverYear,
} from '@paisable/contracts';

import { formOf, formsPerKey } from '../../lib/remembered';
import { exactMoney, stringifyJson } from '../../rest/exact-json';
import { defineRoute } from '../../rest/route';
import { getCategoryTrend } from './category-trend';
import { getNetWorthReport } from './net-worth';
import { getTopPayees } from './payees';
import { getCategoryReport, getMonthlyReport } from './service';
import { getYearOverYear } from './year-over-year';

const TAG = 'Reports';

/** Sums written with their exact digits (a double would round them past 2^53 cents), in their currency's units. */
const exactIn = (currency: string) => (total: CentsTotal) => exactMoney(total, currency);

/*
 * Each report's JSON, written once per report object and display currency (`formOf`): the services hand out
 * the same remembered report until the user's next write, so a repeated request sends the text already
 * written instead of formatting and escaping every figure of 120 months again. `currency` says which
 * currency the figures are in: the display one, or one account's own when the report is of that account.
 */
const monthlyJson = formsPerKey((report: MonthlyReport, display: string) => {
  const currency = report.currency ?? display;
  const exact = exactIn(currency);
  return stringifyJson({
    currency,
    months: report.months.map((row) => ({
      month: row.month,
      income: exact(row.incomeCents),
      expense: exact(row.expenseCents),
      net: exact(row.netCents),
    })),
  });
});

const categoriesJson = formsPerKey((report: CategoryReport, display: string) => {
  const currency = report.currency ?? display;
  const exact = exactIn(currency);
  return stringifyJson({
    currency,
    categories: report.categories.map(({ name, totalCents }) => ({ name, total: exact(totalCents) })),
  });
});

const netWorthJson = formsPerKey((report: NetWorthReport, display: string) => {
  const currency = report.currency ?? display;
  const exact = exactIn(currency);
  return stringifyJson({
    currency,
    points: report.points.map((point) => ({
      date: point.date,
      assets: exact(point.assetsCents),
      liabilities: exact(point.liabilitiesCents),
      net: exact(point.netCents),
    })),
  });
});

const payeesJson = formsPerKey((report: TopPayees, display: string) => {
  const currency = report.currency ?? display;
  const exact = exactIn(currency);
  return stringifyJson({
    currency,
    payees: report.payees.map(({ name, count, totalCents }) => ({ name, count, total: exact(totalCents) })),
  });
});

const yearOverYearJson = formsPerKey((report: YearOverYear, display: string) => {
  const currency = report.currency ?? display;
  const exact = exactIn(currency);
  return stringifyJson({
    currency,
    months: report.months.map((row) => ({
      month: row.month,
      previousMonth: row.previousMonth,
      income: exact(row.incomeCents),
      expense: exact(row.expenseCents),
      previousIncome: exact(row.previousIncomeCents),
      previousExpense: exact(row.previousExpenseCents),
    })),
  });
});

/** Every report says which currency its figures are in (an addition the original client ignores). */
const shownIn = z
  .string()
  .describe('The currency of the figures: your display currency, or the account’s own with `account`.');

const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);

/** Reports for other programs: figures as decimal numbers of the display currency, like the other routes. */
export const reportRoutes = [
  defineRoute({
    method: 'get',
    path: '/reports/monthly',
    tag: TAG,
    summary: 'Income, expense and net of every month of a range',
    description:
      '`from` and `to` are months (YYYY-MM, both included, at most 50 years). Every month appears, empty ' +
      'ones as zeros. Transfers, off-budget accounts and rows dated after today leave out; with `account`, ' +
      'that account’s rows (except transfers) are counted whether or not it is on budget.',
    auth: 'required',
    query: monthlyReportInput,
    responses: {
      200: {
        description: 'One entry per month, oldest first.',
        schema: z.object({
          currency: shownIn,
          months: z.array(
            z.object({ month: z.string(), income: z.number(), expense: z.number(), net: z.number() }),
          ),
        }),
      },
    },
    errors: { 404: ACCOUNT_MESSAGES.notFound },
    handle: async ({ deps, user, query, reply }) => {
      const report = await getMonthlyReport(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
        ...query,
      });
      return sendJson(reply, formOf(report, monthlyJson(user.defaultCurrency)));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports/categories',
    tag: TAG,
    summary: 'Expenses per category over a range of days',
    description:
      '`from` and `to` are days (YYYY-MM-DD, both included, at most 50 years), largest total first. ' +
      'Transfers, off-budget accounts and rows dated after today leave out; with `account`, that ' +
      'account’s rows (except transfers) are counted whether or not it is on budget.',
    auth: 'required',
    query: categoryReportInput,
    responses: {
      200: {
        description: 'Every category with expenses in the range.',
        schema: z.object({
          currency: shownIn,
          categories: z.array(z.object({ name: z.string(), total: z.number() })),
        }),
      },
    },
    errors: { 404: ACCOUNT_MESSAGES.notFound },
    handle: async ({ deps, user, query, reply }) => {
      const report = await getCategoryReport(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
        ...query,
      });
      return sendJson(reply, formOf(report, categoriesJson(user.defaultCurrency)));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports/category-trend',
    tag: TAG,
    summary: 'One category’s spending per month beside its budget and average',
    description:
      '`from` and `to` are months (YYYY-MM, both included, at most 50 years); `category` matches whatever ' +
      'its case. Every month appears, empty ones as zeros, with the budget set for the category that month ' +
      '(null: none). Transfers, off-budget accounts and rows dated after today leave out; with `account`, ' +
      'that account’s rows (except transfers) are counted whether or not it is on budget. A split ' +
      'transaction counts by its lines.',
    auth: 'required',
    query: categoryTrendInput,
    responses: {
      200: {
        description: 'One entry per month, oldest first, and the months’ average (rounded down to the cent).',
        schema: z.object({
          currency: shownIn,
          months: z.array(z.object({ month: z.string(), spent: z.number(), budget: z.number().nullable() })),
          average: z.number(),
        }),
      },
    },
    errors: { 404: ACCOUNT_MESSAGES.notFound },
    handle: async ({ deps, user, query, reply }) => {
      const trend = await getCategoryTrend(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
        ...query,
      });
      const exact = exactIn(trend.currency ?? user.defaultCurrency);
      const months = trend.months.map((row) => ({
        month: row.month,
        spent: exact(row.spentCents),
        budget: row.budgetCents === null ? null : exact(row.budgetCents),
      }));
      return reply.type('application/json; charset=utf-8').send(
        stringifyJson({
          currency: trend.currency ?? user.defaultCurrency,
          months,
          average: exact(trend.averageCents),
        }),
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports/net-worth',
    tag: TAG,
    summary: 'Assets, liabilities and net worth over time',
    description:
      '`from` and `to` are days (YYYY-MM-DD, both included, at most 50 years). One point per month end ' +
      'inside the range, the last at `to`: the balances at the end of that day (opening balance plus every ' +
      'row up to it, transfers included). Credit cards and loans are liabilities, given as what is owed; ' +
      'a day after today takes today’s balances. With `account`, that account alone.',
    auth: 'required',
    query: netWorthReportInput,
    responses: {
      200: {
        description: 'The points, oldest first.',
        schema: z.object({
          currency: shownIn,
          points: z.array(
            z.object({ date: z.string(), assets: z.number(), liabilities: z.number(), net: z.number() }),
          ),
        }),
      },
    },
    errors: { 404: ACCOUNT_MESSAGES.notFound },
    handle: async ({ deps, user, query, reply }) => {
      const report = await getNetWorthReport(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
        ...query,
      });
      return sendJson(reply, formOf(report, netWorthJson(user.defaultCurrency)));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports/payees',
    tag: TAG,
    summary: 'The payees spent with most over a range of days',
    description:
      '`from` and `to` are days (YYYY-MM-DD, both included, at most 50 years); `limit` 1–100 (default 10). ' +
      'Expenses grouped by transaction name whatever its case, largest total first; transfers and rows ' +
      'dated after today leave out, and off-budget accounts unless `account` names one.',
    auth: 'required',
    query: topPayeesInput,
    responses: {
      200: {
        description: 'The payees, largest total first.',
        schema: z.object({
          currency: shownIn,
          payees: z.array(z.object({ name: z.string(), count: z.number().int(), total: z.number() })),
        }),
      },
    },
    errors: { 404: ACCOUNT_MESSAGES.notFound },
    handle: async ({ deps, user, query, reply }) => {
      const report = await getTopPayees(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
        ...query,
      });
      return sendJson(reply, formOf(report, payeesJson(user.defaultCurrency)));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports/year-over-year',
    tag: TAG,
    summary: 'Each month of a range beside the same month a year before',
    description:
      '`from` and `to` are months (YYYY-MM, both included, at most 50 years); the same sums as ' +
      '/reports/monthly, for the range and for the range a year earlier.',
    auth: 'required',
    query: yearOverYearInput,
    responses: {
      200: {
        description: 'One entry per month of the range, oldest first.',
        schema: z.object({
          currency: shownIn,
          months: z.array(
            z.object({
              month: z.string(),
              previousMonth: z.string(),
              income: z.number(),
              expense: z.number(),
              previousIncome: z.number(),
              previousExpense: z.number(),
            }),
          ),
        }),
      },
    },
    errors: { 404: ACCOUNT_MESSAGES.notFound },
    handle: async ({ deps, user, query, reply }) => {
      const report = await getYearOverYear(deps, {
        userId: user.id,
        timeZone: user.timeZone,
        currency: user.defaultCurrency,
        ...query,
      });
      return sendJson(reply, formOf(report, yearOverYearJson(user.defaultCurrency)));
    },
  }),
];
