import { z } from 'zod';

import {
  ACCOUNT_MESSAGES,
  categoryReportInput,
  formatCentsTotal,
  monthlyReportInput,
  type CentsTotal,
} from '@paisable/contracts';

import { exactJsonNumber, stringifyJson } from '../../rest/exact-json';
import { defineRoute } from '../../rest/route';
import { getCategoryReport, getMonthlyReport } from './service';

const TAG = 'Reports';

/** Sums written with their exact digits: a double would round them past 2^53 cents. */
const exact = (cents: CentsTotal) => exactJsonNumber(formatCentsTotal(cents));

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
          months: z.array(
            z.object({ month: z.string(), income: z.number(), expense: z.number(), net: z.number() }),
          ),
        }),
      },
    },
    errors: { 404: ACCOUNT_MESSAGES.notFound },
    handle: async ({ deps, user, query, reply }) => {
      const report = await getMonthlyReport(deps, { userId: user.id, timeZone: user.timeZone, ...query });
      const months = report.months.map((row) => ({
        month: row.month,
        income: exact(row.incomeCents),
        expense: exact(row.expenseCents),
        net: exact(row.netCents),
      }));
      return reply.type('application/json; charset=utf-8').send(stringifyJson({ months }));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports/categories',
    tag: TAG,
    summary: 'Expenses per category over a range of days',
    description:
      '`from` and `to` are days (YYYY-MM-DD, both included, at most 50 years), largest total first. ' +
      'Transfers, off-budget accounts and rows dated after today leave out.',
    auth: 'required',
    query: categoryReportInput,
    responses: {
      200: {
        description: 'Every category with expenses in the range.',
        schema: z.object({ categories: z.array(z.object({ name: z.string(), total: z.number() })) }),
      },
    },
    handle: async ({ deps, user, query, reply }) => {
      const report = await getCategoryReport(deps, { userId: user.id, timeZone: user.timeZone, ...query });
      const categories = report.categories.map(({ name, totalCents }) => ({
        name,
        total: exact(totalCents),
      }));
      return reply.type('application/json; charset=utf-8').send(stringifyJson({ categories }));
    },
  }),
];
